import { Alert, Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  NAMING_SCHEMES,
  NAMING_SCHEME_LABEL,
  POLICY_FALLBACKS,
  POLICY_FALLBACK_LABEL,
  POLICY_MODES,
  POLICY_MODE_LABEL,
  TIMINGS,
  groupPolicyBody,
  type GroupPolicy,
  type PolicyFallback,
  type PolicyMode,
} from '@egreso/domain';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useForm } from '../../../lib/use-form';
import { useGroupPolicy } from '../api/get-group-policy';
import { useSaveGroupPolicy } from '../api/save-group-policy';
import { GuardedModal } from '../../../components/GuardedModal';

type NamingScheme = (typeof NAMING_SCHEMES)[number];

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
].map((label, i) => ({ value: String(i + 1), label }));

const SUCCESS = 'Política guardada correctamente. Ya está activa.';

/** The fields as the form names them, for the spec's 'field: message' line. */
const FIELD_LABELS = {
  mode: 'Modo',
  odd_months: 'Meses impares',
  even_months: 'Meses pares',
  fallback: 'Alternativa',
  naming_scheme: 'Esquema de nombres',
};

/**
 * The catalogue's texts: 'Error guardando la política.' followed by the validation errors joined with ' | ';
 * 'No se pudo guardar la política.' for a refusal without details; 'Error guardando la política.' when the server
 * could not be reached.
 */
export function policySaveError(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && Object.keys(err.errors).length === 0)
    return errorText('No se pudo guardar la política.', err);
  return errorText('Error guardando la política.', err, { fieldLabels: FIELD_LABELS });
}

interface Values {
  mode: PolicyMode;
  fallback: PolicyFallback;
  naming_scheme: NamingScheme;
  odd_months: string[];
  even_months: string[];
}

const DEFAULTS: Values = {
  mode: 'parity_by_month',
  fallback: 'any',
  naming_scheme: 'auto',
  odd_months: [],
  even_months: [],
};
const toNumbers = (values: string[]) => values.map(Number).sort((a, b) => a - b);
const valuesOf = (p: GroupPolicy): Values => ({
  mode: p.mode,
  fallback: p.fallback,
  naming_scheme: p.naming_scheme,
  odd_months: p.odd_months.map(String),
  even_months: p.even_months.map(String),
});

export function GroupPolicyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const policy = useGroupPolicy(opened);
  const save = useSaveGroupPolicy();
  const form = useForm({
    initial: DEFAULTS,
    schema: groupPolicyBody,
    toBody: (v: Values) => ({ ...v, odd_months: toNumbers(v.odd_months), even_months: toNumbers(v.even_months) }),
  });
  const { reset, values } = form;
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (opened && policy.data) reset(valuesOf(policy.data));
  }, [opened, policy.data, reset]);

  useEffect(() => {
    if (!opened) setSuccess(null);
  }, [opened]);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), TIMINGS.policySuccess);
    return () => clearTimeout(t);
  }, [success]);

  const monthsEnabled = values.mode === 'parity_by_month';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const saved = await form.submit(
      (body) => save.mutateAsync(body),
      (err) => form.fail(policySaveError(err)),
    );
    if (saved) setSuccess(SUCCESS);
  };

  return (
    <GuardedModal opened={opened} onClose={onClose} title="Política de grupos" centered size="lg">
      {policy.isPending ? <PageLoader /> : null}
      {policy.isError ? (
        <Alert color="red" mb="sm">
          No se pudo cargar la política actual.
        </Alert>
      ) : null}
      {policy.isSuccess ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Decide qué semestres se ofrecen en la inscripción según el periodo activo y cómo se lee el semestre en el
              nombre de un grupo.
            </Text>
            <Select
              label="Modo"
              data={POLICY_MODES.map((m) => ({ value: m, label: POLICY_MODE_LABEL[m] }))}
              value={values.mode}
              onChange={(v) => v && form.setField('mode', v as PolicyMode)}
              error={form.errors.mode}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Meses de inicio con semestres impares"
              description="Si el periodo activo inicia en uno de estos meses, se ofrecen semestres impares."
              data={MONTHS}
              {...form.bind('odd_months')}
              disabled={!monthsEnabled}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Meses de inicio con semestres pares"
              description="Si el periodo activo inicia en uno de estos meses, se ofrecen semestres pares."
              data={MONTHS}
              {...form.bind('even_months')}
              disabled={!monthsEnabled}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Alternativa (fallback)"
              description="Qué se ofrece cuando el mes de inicio no está en ninguna lista."
              data={POLICY_FALLBACKS.map((f) => ({ value: f, label: POLICY_FALLBACK_LABEL[f] }))}
              value={values.fallback}
              onChange={(v) => v && form.setField('fallback', v as PolicyFallback)}
              error={form.errors.fallback}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Esquema de nombres de grupo"
              data={NAMING_SCHEMES.map((s) => ({ value: s, label: NAMING_SCHEME_LABEL[s] }))}
              value={values.naming_scheme}
              onChange={(v) => v && form.setField('naming_scheme', v as NamingScheme)}
              error={form.errors.naming_scheme}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {success ? (
              <Alert color="green" role="status">
                {success}
              </Alert>
            ) : null}
            {form.failure ? (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            ) : null}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                Cerrar
              </Button>
              <Button type="submit" loading={save.isPending}>
                Guardar política
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </GuardedModal>
  );
}
