import { useQuery } from '@tanstack/react-query';
import type { GroupReport } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface GroupScope {
  subject_id: number;
  group_id: number;
  period_id?: number;
}

/** GET /reportes/grupo: per attribute, the group's students in each band. */
export function useGroupReport(scope: GroupScope | null) {
  return useQuery({
    queryKey: queryKeys.reports.group(scope ?? { subject_id: 0, group_id: 0 }),
    queryFn: () => api<GroupReport>('/reportes/grupo', { query: { ...scope } }),
    enabled: scope !== null,
  });
}
