import { useQuery } from '@tanstack/react-query';
import type { TeacherAssignment } from '@egreso/domain';
import { api } from './api';
import { queryKeys } from './query-keys';

export type CareerRef = TeacherAssignment['careers'][number];

/** The signed-in user's careers: their own and those of their assignments, sorted by name (GET /mis-carreras). */
export function useMyCareers() {
  return useQuery({ queryKey: queryKeys.teaching.careers(), queryFn: () => api<CareerRef[]>('/mis-carreras') });
}

/** The signed-in teacher's assignments of a career, every period (GET /profesor/materias?career_id=). */
export function useMyAssignments(careerId: number | null) {
  return useQuery({
    queryKey: queryKeys.teaching.assignments(careerId),
    queryFn: () => api<TeacherAssignment[]>('/profesor/materias', { query: { career_id: careerId } }),
    enabled: careerId !== null,
  });
}

/** 'Materia – Grupo – Periodo', the label of an assignment in selectors. */
export function assignmentLabel(a: TeacherAssignment): string {
  return [a.subject.subject_name, a.group?.group_name ?? 'Sin grupo', a.period?.period_name]
    .filter(Boolean)
    .join(' – ');
}
