import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupPolicyBody, GroupPolicySaved } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function saveGroupPolicy(body: GroupPolicyBody): Promise<GroupPolicySaved> {
  return api<GroupPolicySaved>('/admin/group-policy', { method: 'PUT', body });
}

/** PUT /admin/group-policy; the saved policy replaces the cached one. */
export function useSaveGroupPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroupPolicy,
    onSuccess: ({ saved: _saved, ...policy }) => queryClient.setQueryData(queryKeys.groupPolicy.all, policy),
  });
}
