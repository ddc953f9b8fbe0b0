import { Alert, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LIMITS, PERIOD_MSG, periodCreateBody, type Period } from '@egreso/domain';
import { FormModalFooter } from '../../../components/FormModalFooter';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { withReason, zodFieldErrors } from '../../../lib/form-errors';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSavePeriod } from '../api/save-period';
import { GuardedModal } from '../../../components/GuardedModal';
import { DateField } from '../../../components/DateField';

interface Props {
  opened: boolean;
  /** The period being edited, or null to create one. */
  period: Period | null;
  onClose: () => void;
  onSaved: (period: Period) => void;
}

export function PeriodFormModal({ opened, period, onClose, onSaved }: Props) {
  const save = useSavePeriod();
  const [name, setName] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [notes, setNotes] = useState('');
  const { errors, setErrors, failure, clear, failed } = useFormErrors();
  // A closed period keeps its dates.
  const datesLocked = period?.status === 'closed';

  useEffect(() => {
    if (!opened) return;
    setName(period?.period_name ?? '');
    setStart(period?.start_date ?? '');
    setEnd(period?.end_date ?? '');
    setNotes(period?.notes ?? '');
    clear();
  }, [opened, period, clear]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = periodCreateBody.safeParse({ period_name: name, start_date: start, end_date: end, notes });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    clear();
    const { period_name, start_date, end_date } = parsed.data;
    const note = parsed.data.notes ?? null;
    try {
      const saved = period
        ? await save.mutateAsync({ id: period.id, body: datesLocked ? { period_name, notes: note } : { period_name, start_date, end_date, notes: note } })
        : await save.mutateAsync({ id: null, body: { period_name, start_date, end_date, status: 'published', notes: note } });
      onSaved(saved);
    } catch (err) {
      failed(err, withReason('Error al guardar el periodo', err));
    }
  };

  return (
    <GuardedModal opened={opened} onClose={onClose} title={period ? 'Editar periodo' : 'Nuevo periodo'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <LimitedTextInput label="Nombre del periodo" placeholder="AGO-DIC 2026" required value={name} onChange={setName} max={LIMITS.periodName} error={errors.period_name} data-autofocus />
          {datesLocked ? <Alert color="gray" variant="light">{PERIOD_MSG.closedDatesLocked}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField label="Fecha de inicio" required value={start} onChange={setStart} disabled={datesLocked} error={errors.start_date} />
            <DateField label="Fecha de fin" required value={end} onChange={setEnd} disabled={datesLocked} error={errors.end_date} />
          </SimpleGrid>
          <Textarea label="Notas" autosize minRows={2} maxRows={6} maxLength={LIMITS.periodNotes} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
          <FormModalFooter saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
