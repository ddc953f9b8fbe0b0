import { useQuery } from '@tanstack/react-query';
import type { CareerRef, TeacherAssignment } from '@egreso/domain';
import { api } from './api';
import { queryKeys, type AssignmentPeriods } from './query-keys';

/**
 * The signed-in user's careers: their own and those of their assignments, sorted by name (GET /mis-carreras). A
 * screen that needs them only for some users passes `enabled`.
 */
export function useMyCareers(enabled = true) {
  return useQuery({
    queryKey: queryKeys.assignments.myCareers(),
    queryFn: () => api<CareerRef[]>('/mis-carreras'),
    enabled,
  });
}

/**
 * The signed-in teacher's assignments of a career (GET /profesor/materias?career_id=): of the active period only
 * ('current', the screens that grade and define activities) or of every period ('every', the rubric and reports).
 */
export function useMyAssignments(careerId: number | null, periods: AssignmentPeriods) {
  return useQuery({
    queryKey: queryKeys.assignments.mine(careerId, periods),
    queryFn: () =>
      api<TeacherAssignment[]>('/profesor/materias', {
        query: { career_id: careerId, current: periods === 'current' ? true : undefined },
      }),
    enabled: careerId !== null,
  });
}

/** 'Materia – Grupo – Periodo', the label of an assignment in selectors. */
export function assignmentLabel(a: TeacherAssignment): string {
  return [a.subject.subject_name, a.group?.group_name ?? 'Sin grupo', a.period?.period_name]
    .filter(Boolean)
    .join(' – ');
}
