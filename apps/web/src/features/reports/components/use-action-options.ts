import { useMemo } from 'react';
import { periodRows, usePeriods } from '../../../lib/queries/periods';
import { useSubjects } from '../../../lib/queries/subjects';
import type { PeriodOption } from './ImprovementActionModals';

/** The periods (newest first, as the server lists them) and a career's subjects, as the action forms offer them. */
export function useActionOptions(careerId: number | null) {
  const periods = usePeriods({ every: true }, periodRows);
  const subjects = useSubjects();
  const periodOptions = useMemo<PeriodOption[]>(
    () => (periods.data ?? []).map((p) => ({ value: String(p.id), label: p.period_name, start_date: p.start_date })),
    [periods.data],
  );
  const subjectOptions = useMemo(
    () =>
      (subjects.data ?? [])
        .filter((s) => careerId !== null && s.careers.some((c) => c.id === careerId))
        .map((s) => ({ value: String(s.id), label: `${s.subject_key} · ${s.subject_name}` })),
    [subjects.data, careerId],
  );
  return { periods, periodOptions, subjectOptions };
}
