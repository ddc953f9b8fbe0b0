import { useQuery } from '@tanstack/react-query';
import type { GroupPolicy } from '@egreso/domain';
import { api } from '../../../lib/api';

export const groupPolicyKey = ['group-policy'] as const;

export function fetchGroupPolicy(): Promise<GroupPolicy> {
  return api<GroupPolicy>('/admin/group-policy');
}

/** GET /admin/group-policy, read fresh each time the modal opens. */
export function useGroupPolicy(enabled: boolean) {
  return useQuery({ queryKey: groupPolicyKey, queryFn: fetchGroupPolicy, enabled, staleTime: 0 });
}
