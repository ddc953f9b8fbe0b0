import { Alert, Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  NAMING_SCHEMES, NAMING_SCHEME_LABEL, POLICY_FALLBACKS, POLICY_FALLBACK_LABEL, POLICY_MODES, POLICY_MODE_LABEL, TIMINGS,
  type GroupPolicyBody, type PolicyFallback, type PolicyMode,
} from '@egreso/domain';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { useGroupPolicy } from '../api/get-group-policy';
import { useSaveGroupPolicy } from '../api/save-group-policy';
import { GuardedModal } from '../../../components/GuardedModal';

type NamingScheme = (typeof NAMING_SCHEMES)[number];

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre']
  .map((label, i) => ({ value: String(i + 1), label }));

const SUCCESS = 'Política guardada correctamente. Ya está activa.';

/** The catalogue's texts: validation errors joined as 'field: message' with ' | ', else the server's or a generic one. */
export function policySaveError(err: unknown): string {
  if (err instanceof ApiError && err.status > 0) {
    const entries = Object.entries(err.errors);
    if (entries.length > 0) return entries.map(([field, messages]) => `${field}: ${messages.join(', ')}`).join(' | ');
    return err.message && !/^Error \d+$/.test(err.message) ? err.message : 'No se pudo guardar la política.';
  }
  return 'Error guardando la política.';
}

const toNumbers = (values: string[]) => values.map(Number).sort((a, b) => a - b);

export function GroupPolicyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const policy = useGroupPolicy(opened);
  const save = useSaveGroupPolicy();
  const [mode, setMode] = useState<PolicyMode>('parity_by_month');
  const [fallback, setFallback] = useState<PolicyFallback>('any');
  const [scheme, setScheme] = useState<NamingScheme>('auto');
  const [odd, setOdd] = useState<string[]>([]);
  const [even, setEven] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!opened || !policy.data) return;
    setMode(policy.data.mode);
    setFallback(policy.data.fallback);
    setScheme(policy.data.naming_scheme);
    setOdd(policy.data.odd_months.map(String));
    setEven(policy.data.even_months.map(String));
  }, [opened, policy.data]);

  useEffect(() => {
    if (!opened) {
      setSuccess(null);
      setFailure(null);
    }
  }, [opened]);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), TIMINGS.policySuccess);
    return () => clearTimeout(t);
  }, [success]);

  const monthsEnabled = mode === 'parity_by_month';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    setFailure(null);
    const body: GroupPolicyBody = { mode, fallback, naming_scheme: scheme, odd_months: toNumbers(odd), even_months: toNumbers(even) };
    try {
      await save.mutateAsync(body);
      setSuccess(SUCCESS);
    } catch (err) {
      setFailure(policySaveError(err));
    }
  };

  return (
    <GuardedModal opened={opened} onClose={onClose} title="Política de grupos" centered size="lg">
      {policy.isPending ? <PageLoader /> : null}
      {policy.isError ? <Alert color="red" mb="sm">No se pudo cargar la política actual.</Alert> : null}
      {policy.isSuccess ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Decide qué semestres se ofrecen en la inscripción según el periodo activo y cómo se lee el semestre en el nombre de un grupo.
            </Text>
            <Select
              label="Modo"
              data={POLICY_MODES.map((m) => ({ value: m, label: POLICY_MODE_LABEL[m] }))}
              value={mode}
              onChange={(v) => v && setMode(v as PolicyMode)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Meses de inicio con semestres impares"
              description="Si el periodo activo inicia en uno de estos meses, se ofrecen semestres impares."
              data={MONTHS}
              value={odd}
              onChange={setOdd}
              disabled={!monthsEnabled}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Meses de inicio con semestres pares"
              description="Si el periodo activo inicia en uno de estos meses, se ofrecen semestres pares."
              data={MONTHS}
              value={even}
              onChange={setEven}
              disabled={!monthsEnabled}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Alternativa (fallback)"
              description="Qué se ofrece cuando el mes de inicio no está en ninguna lista."
              data={POLICY_FALLBACKS.map((f) => ({ value: f, label: POLICY_FALLBACK_LABEL[f] }))}
              value={fallback}
              onChange={(v) => v && setFallback(v as PolicyFallback)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Esquema de nombres de grupo"
              data={NAMING_SCHEMES.map((s) => ({ value: s, label: NAMING_SCHEME_LABEL[s] }))}
              value={scheme}
              onChange={(v) => v && setScheme(v as NamingScheme)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {success ? <Alert color="green" role="status">{success}</Alert> : null}
            {failure ? <Alert color="red" role="alert">{failure}</Alert> : null}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>Cerrar</Button>
              <Button type="submit" loading={save.isPending}>Guardar política</Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </GuardedModal>
  );
}
