import { Alert, SimpleGrid, Textarea } from '@mantine/core';
import { LIMITS, PERIOD_MSG, periodCreateBody, type Period } from '@egreso/domain';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen } from '../../../lib/use-form';
import { useSavePeriod } from '../api/save-period';

interface Props {
  opened: boolean;
  /** The period being edited, or null to create one. */
  period: Period | null;
  onClose: () => void;
  onSaved: (period: Period) => void;
}

const EMPTY = { period_name: '', start_date: '', end_date: '', notes: '' };

export function PeriodFormModal({ opened, period, onClose, onSaved }: Props) {
  const save = useSavePeriod();
  const form = useForm({ initial: EMPTY, schema: periodCreateBody, toBody: (v) => v });
  const { values } = form;
  // A closed period keeps its dates.
  const datesLocked = period?.status === 'closed';

  useResetOnOpen(form, opened, period, (p) => ({
    period_name: p.period_name,
    start_date: p.start_date,
    end_date: p.end_date,
    notes: p.notes ?? '',
  }));

  const submit = () =>
    form.submit(
      async ({ period_name, start_date, end_date, notes }) => {
        const note = notes ?? null;
        const saved = period
          ? await save.mutateAsync({
              id: period.id,
              body: datesLocked ? { period_name, notes: note } : { period_name, start_date, end_date, notes: note },
            })
          : await save.mutateAsync({
              id: null,
              body: { period_name, start_date, end_date, status: 'published', notes: note },
            });
        onSaved(saved);
      },
      (err) => form.fail(errorText('Error al guardar el periodo', err)),
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={period ? 'Editar periodo' : 'Nuevo periodo'}
      size="lg"
      onSubmit={submit}
      saving={save.isPending}
      failure={form.failure}
    >
      <LimitedTextInput
        label="Nombre del periodo"
        placeholder="AGO-DIC 2026"
        required
        max={LIMITS.periodName}
        {...form.bind('period_name')}
        data-autofocus
      />
      {datesLocked ? (
        <Alert color="gray" variant="light">
          {PERIOD_MSG.closedDatesLocked}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField label="Fecha de inicio" required disabled={datesLocked} {...form.bind('start_date')} />
        <DateField label="Fecha de fin" required disabled={datesLocked} {...form.bind('end_date')} />
      </SimpleGrid>
      <Textarea
        label="Notas"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={LIMITS.periodNotes}
        value={values.notes}
        onChange={(e) => form.setField('notes', e.currentTarget.value)}
        error={form.errors.notes}
      />
    </FormModal>
  );
}
