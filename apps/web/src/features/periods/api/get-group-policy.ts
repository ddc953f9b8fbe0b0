import { useQuery } from '@tanstack/react-query';
import type { GroupPolicy } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchGroupPolicy(): Promise<GroupPolicy> {
  return api<GroupPolicy>('/admin/group-policy');
}

/** GET /admin/group-policy, read fresh each time the modal opens. */
export function useGroupPolicy(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.groupPolicy.all, queryFn: fetchGroupPolicy, enabled, staleTime: 0 });
}
