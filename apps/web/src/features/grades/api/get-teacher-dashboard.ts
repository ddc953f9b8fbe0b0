import { useQuery } from '@tanstack/react-query';
import type { TeacherDashboard } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchTeacherDashboard(careerId: number | null): Promise<TeacherDashboard> {
  return api<TeacherDashboard>('/profesor/dashboard', { query: { career_id: careerId } });
}

/** GET /profesor/dashboard?career_id: careers, the three cards and 'Pendientes' of the active period. */
export function useTeacherDashboard(careerId: number | null) {
  return useQuery({
    queryKey: queryKeys.teacherDashboard.detail(careerId),
    queryFn: () => fetchTeacherDashboard(careerId),
  });
}
