import { Alert, MultiSelect, NumberInput, Select, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import {
  IMPROVEMENT_MSG,
  IMPROVEMENT_STATUSES,
  IMPROVEMENT_STATUS_LABELS,
  LIMITS,
  improvementActionBody,
  improvementActionUpdateBody,
  improvementFollowupBody,
  attributeDisplayName,
  type ImprovementAction,
} from '@egreso/domain';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';
import { institutionToday } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen, type FormState } from '../../../lib/use-form';
import { useAddImprovementFollowup } from '../api/add-improvement-followup';
import { useImprovementMeasure } from '../api/get-improvement-actions';
import { useSaveImprovementAction } from '../api/save-improvement-action';
import { measuredText, pct } from './evidence-format';

type Option = { value: string; label: string };

/** How a modal ends: closed, or saved with the message the page shows. */
interface Outcome {
  onClose: () => void;
  onSaved: (message: string) => void;
}
export type PeriodOption = Option & { start_date: string };

/** How a modal's Guardar saves: the request, whether it is running, the page's message, the failure's prefix. */
interface Saving<B> {
  send: (body: B) => Promise<unknown>;
  pending: boolean;
  saved: string;
  failed: string;
}

/**
 * FormModal's props for a modal of this file: open while it has what it is about; Guardar sends the form's body, then
 * tells the page the saved message, or words the failure above the fields.
 */
function modalProps<V, B>(form: FormState<V, B>, about: object | null, outcome: Outcome, saving: Saving<B>) {
  return {
    opened: about !== null,
    onClose: outcome.onClose,
    onSubmit: () =>
      form.submit(
        async (body) => {
          await saving.send(body);
          outcome.onSaved(saving.saved);
        },
        (err) => form.fail(errorText(saving.failed, err)),
      ),
    saving: saving.pending,
    failure: form.failure,
  };
}

/** What the evidence knows of the attribute an action is registered for. */
export interface ActionFinding {
  career_id: number;
  generation_id: number;
  attribute_id: number;
  attribute_name: string;
  /** No career (DESIGN §5): the name reads '… (compartido)'. */
  shared: boolean;
  /** The attribute's trend points (period, share, target): the finding is one of them. */
  trend: Array<{
    period_id: number;
    period_name: string;
    start_date: string;
    share: number;
    target: number;
    met: boolean | null;
    critical: boolean;
  }>;
}

function LongText({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Textarea
      label={label}
      required={required}
      autosize
      minRows={2}
      maxRows={6}
      maxLength={LIMITS.improvementText}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/** The plan an action carries, asked the same way when it is registered and when it is edited. */
interface PlanValues {
  period_id: string | null;
  subject_ids: string[];
  cause: string;
  action: string;
  expected_share: string | number;
}

/**
 * Cause, action, the subjects it is applied in, the period and the expected result. Registering, an empty expected
 * result stands for the attribute's target in that period; editing, it is required.
 */
function PlanFields({
  form,
  subjects,
  periods,
  shareOptional = false,
}: {
  form: Pick<FormState<PlanValues, unknown>, 'bind'>;
  subjects: Option[];
  periods: Option[];
  shareOptional?: boolean;
}) {
  return (
    <>
      <LongText label="Causa identificada" required {...form.bind('cause')} />
      <LongText label="Acción de mejora" required {...form.bind('action')} />
      <MultiSelect
        label="Materias en que se aplica"
        data={subjects}
        searchable
        nothingFoundMessage="Sin coincidencias"
        {...form.bind('subject_ids')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Periodo de aplicación"
          required
          allowDeselect={false}
          data={periods}
          searchable
          placeholder={periods.length ? undefined : 'Ningún periodo posterior al del hallazgo'}
          {...form.bind('period_id')}
        />
        <NumberInput
          label="Resultado esperado (%)"
          required={!shareOptional}
          description={shareOptional ? 'Vacío: la meta del atributo en ese periodo' : undefined}
          min={0}
          max={100}
          allowDecimal={false}
          {...form.bind('expected_share')}
        />
      </SimpleGrid>
    </>
  );
}

/** The line that opens a form: what it is about, its label in bold. */
function Subject({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600} size="sm">
        {label}
      </Text>
      {children}
    </Text>
  );
}

const toIds = (values: string[]) => values.map(Number);

/**
 * The periods an action may apply to: those that start after its finding's (DESIGN §3), as Select options, in the
 * order given (newest first).
 */
function periodsAfter(periods: readonly PeriodOption[], findingStart: string): Option[] {
  return periods.filter((p) => p.start_date > findingStart).map(({ value, label }) => ({ value, label }));
}
const shareOrNull = (v: string | number) => (v === '' ? null : Number(v));

const REGISTER_EMPTY = {
  finding_period_id: null as string | null,
  period_id: null as string | null,
  subject_ids: [] as string[],
  cause: '',
  action: '',
  expected_share: '' as string | number,
};

/** 'Registrar acción de mejora': the finding is one of the attribute's periods; the server measures it. */
export function RegisterActionModal({
  finding,
  periods,
  subjects,
  ...outcome
}: {
  finding: ActionFinding | null;
  periods: PeriodOption[];
  subjects: Option[];
} & Outcome) {
  const save = useSaveImprovementAction();
  const form = useForm({
    initial: REGISTER_EMPTY,
    schema: improvementActionBody,
    toBody: (v) => ({
      career_id: finding?.career_id,
      generation_id: finding?.generation_id,
      attribute_id: finding?.attribute_id,
      finding_period_id: v.finding_period_id ? Number(v.finding_period_id) : undefined,
      period_id: v.period_id ? Number(v.period_id) : undefined,
      cause: v.cause,
      action: v.action,
      subject_ids: toIds(v.subject_ids),
      expected_share: shareOrNull(v.expected_share),
    }),
  });
  const { reset } = form;
  useEffect(() => {
    if (!finding) return;
    // The latest period that missed its target or is critical, else the latest.
    const missed = [...finding.trend].reverse().find((t) => t.met === false || t.critical) ?? finding.trend.at(-1);
    // Applied by default in the first period after the finding's (none when no period follows it yet).
    const next = periods
      .filter((p) => missed && p.start_date > missed.start_date)
      .reduce<PeriodOption | undefined>(
        (first, p) => (!first || p.start_date < first.start_date ? p : first),
        undefined,
      );
    reset({
      ...REGISTER_EMPTY,
      finding_period_id: missed ? String(missed.period_id) : null,
      period_id: next?.value ?? null,
    });
  }, [finding, periods, reset]);

  const chosen = finding?.trend.find((t) => String(t.period_id) === form.values.finding_period_id);
  const offered = chosen ? periodsAfter(periods, chosen.start_date) : [];
  const { setField } = form;
  const appliedId = form.values.period_id;
  const stale = appliedId !== null && chosen !== undefined && !offered.some((p) => p.value === appliedId);
  useEffect(() => {
    // Another finding period may leave the applied one at or before it: it is chosen again.
    if (stale) setField('period_id', null);
  }, [stale, setField]);
  const modal = modalProps(form, finding, outcome, {
    send: (body) => save.mutateAsync({ id: null, body }),
    pending: save.isPending,
    saved: IMPROVEMENT_MSG.created,
    failed: 'Error al registrar la acción de mejora',
  });
  return (
    <FormModal {...modal} title="Registrar acción de mejora" size="lg">
      <Subject label="Atributo: ">
        {finding ? attributeDisplayName(finding.attribute_name, finding.shared) : null}
      </Subject>
      <Select
        label="Periodo del hallazgo"
        required
        allowDeselect={false}
        data={(finding?.trend ?? []).map((t) => ({
          value: String(t.period_id),
          label: `${t.period_name}: ${pct(t.share)} (meta ${t.target} %)`,
        }))}
        {...form.bind('finding_period_id')}
      />
      {chosen ? (
        <Alert color={chosen.met === false || chosen.critical ? 'red' : 'gray'} variant="light">
          {`Hallazgo: ${pct(chosen.share)} en Suficiente o más contra una meta de ${chosen.target} %${chosen.critical ? '; crítico (25 % o más en Insuficiente)' : ''}.`}
        </Alert>
      ) : null}
      <PlanFields form={form} subjects={subjects} periods={offered} shareOptional />
    </FormModal>
  );
}

const statusOptions = IMPROVEMENT_STATUSES.map((s) => ({ value: s, label: IMPROVEMENT_STATUS_LABELS[s] }));

/** Editing an action (its finding stays) and confirming its verdict with a note. */
export function EditActionModal({
  action,
  periods,
  subjects,
  ...outcome
}: {
  action: ImprovementAction | null;
  periods: PeriodOption[];
  subjects: Option[];
} & Outcome) {
  const save = useSaveImprovementAction();
  const form = useForm({
    initial: {
      period_id: null as string | null,
      subject_ids: [] as string[],
      cause: '',
      action: '',
      expected_share: 70 as string | number,
      status: 'planeada' as string | null,
      verdict_note: '',
    },
    schema: improvementActionUpdateBody,
    toBody: (v) => ({
      period_id: v.period_id ? Number(v.period_id) : undefined,
      cause: v.cause,
      action: v.action,
      subject_ids: toIds(v.subject_ids),
      expected_share: v.expected_share === '' ? undefined : Number(v.expected_share),
      status: v.status,
      verdict_note: v.verdict_note,
    }),
  });
  useResetOnOpen(form, action !== null, action, (a) => ({
    period_id: String(a.period.period_id),
    subject_ids: a.subjects.map((s) => String(s.subject_id)),
    cause: a.cause,
    action: a.action,
    expected_share: a.expected_share,
    status: a.status,
    verdict_note: a.verdict_note ?? '',
  }));
  const modal = modalProps(form, action, outcome, {
    send: (body) => save.mutateAsync({ id: action!.id, body }),
    pending: save.isPending,
    saved: IMPROVEMENT_MSG.saved,
    failed: 'Error al guardar la acción de mejora',
  });
  // Subjects no longer in the career's list still show by name.
  const subjectData = [
    ...subjects,
    ...(action?.subjects ?? [])
      .filter((s) => !subjects.some((o) => o.value === String(s.subject_id)))
      .map((s) => ({ value: String(s.subject_id), label: `${s.subject_key} · ${s.subject_name}` })),
  ];
  return (
    <FormModal {...modal} title="Acción de mejora" size="lg">
      {action ? (
        <Subject
          label={`${attributeDisplayName(action.attribute.attribute_name, action.attribute.shared)} · ${action.generation.generation_name}. `}
        >
          {`Hallazgo en ${action.finding.period.period_name}: ${pct(action.finding.share)} contra una meta de ${action.finding.target} %.`}
        </Subject>
      ) : null}
      <PlanFields
        form={form}
        subjects={subjectData}
        periods={action ? periodsAfter(periods, action.finding.period.start_date) : []}
      />
      {action ? (
        <MeasuredNow action={action} periodId={form.values.period_id} share={form.values.expected_share} />
      ) : null}
      <Select label="Estatus" required allowDeselect={false} data={statusOptions} {...form.bind('status')} />
      <LongText
        label="Nota del dictamen"
        required={form.values.status === 'cumplida' || form.values.status === 'no_cumplida'}
        {...form.bind('verdict_note')}
      />
    </FormModal>
  );
}

/**
 * The measured result and proposed verdict of the period and expected share on the form: the saved action's while they
 * are its own, else asked of the server as soon as they change, so a verdict is never confirmed against another
 * period's numbers.
 */
function MeasuredNow({
  action,
  periodId,
  share,
}: {
  action: ImprovementAction;
  periodId: string | null;
  share: string | number;
}) {
  const expected = share === '' ? null : Number(share);
  const valid =
    periodId !== null && expected !== null && Number.isInteger(expected) && expected >= 0 && expected <= 100;
  const unchanged = valid && Number(periodId) === action.period.period_id && expected === action.expected_share;
  const measure = useImprovementMeasure(
    valid && !unchanged ? { id: action.id, period_id: Number(periodId), expected_share: expected } : null,
  );
  let text: string;
  if (unchanged) text = measuredText(action);
  else if (!valid) text = 'Elige el periodo de aplicación y el resultado esperado para ver el resultado medido.';
  else if (measure.data) text = measuredText(measure.data);
  else if (measure.isError) text = errorText('No se pudo calcular el resultado medido', measure.error);
  else text = 'Calculando el resultado medido...';
  return (
    <Alert color="gray" variant="light" role="status" aria-label="Resultado medido">
      {text}
    </Alert>
  );
}

/** 'Registrar seguimiento': what a teacher did for the action, with its date. */
export function FollowupModal({
  action,
  ...outcome
}: {
  action: ImprovementAction | null;
} & Outcome) {
  const add = useAddImprovementFollowup();
  const form = useForm({ initial: { followup_date: '', text: '' }, schema: improvementFollowupBody, toBody: (v) => v });
  useResetOnOpen(form, action !== null, action, () => ({ followup_date: institutionToday(), text: '' }));
  const modal = modalProps(form, action, outcome, {
    send: (body) => add.mutateAsync({ id: action!.id, body }),
    pending: add.isPending,
    saved: IMPROVEMENT_MSG.followupSaved,
    failed: 'Error al registrar el seguimiento',
  });
  return (
    <FormModal {...modal} title="Registrar seguimiento">
      {action ? <Subject label="Acción: ">{action.action}</Subject> : null}
      <DateField label="Fecha" required {...form.bind('followup_date')} />
      <LongText label="Qué se hizo" required {...form.bind('text')} />
    </FormModal>
  );
}
