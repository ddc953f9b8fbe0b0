import { useQuery } from '@tanstack/react-query';
import type { TeacherAssignment } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchMyAssignments(careerId: number): Promise<TeacherAssignment[]> {
  return api<TeacherAssignment[]>('/profesor/materias', { query: { career_id: careerId, current: true } });
}

/** GET /profesor/materias?career_id: the teacher's assignments of the active period in a career. */
export function useMyAssignments(careerId: number | null) {
  return useQuery({
    queryKey: queryKeys.assignments.mine(careerId),
    queryFn: () => fetchMyAssignments(careerId!),
    enabled: careerId !== null,
  });
}
