import { useQuery } from '@tanstack/react-query';
import type { StudentReport } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { GroupScope } from './get-group-report';

/** GET /reportes/grupo/alumno: one student's rating of each attribute of the subject. */
export function useStudentReport(scope: (GroupScope & { user_id: number }) | null) {
  return useQuery({
    queryKey: queryKeys.reports.student(scope ?? { subject_id: 0, group_id: 0, user_id: 0 }),
    queryFn: () => api<StudentReport>('/reportes/grupo/alumno', { query: { ...scope } }),
    enabled: scope !== null,
  });
}
