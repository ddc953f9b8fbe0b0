import { useQueryClient } from '@tanstack/react-query';
import type { GroupPolicyBody, GroupPolicySaved } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';
import { queryKeys } from '../../../lib/query-keys';

export function saveGroupPolicy(body: GroupPolicyBody): Promise<GroupPolicySaved> {
  return api<GroupPolicySaved>('/admin/group-policy', { method: 'PUT', body });
}

const SAVE_GROUP_POLICY = declareWrite('PUT /admin/group-policy', ['groupPolicy']);

/** PUT /admin/group-policy: the saved policy replaces the cached one, and what enrolment offers is read again. */
export function useSaveGroupPolicy() {
  const queryClient = useQueryClient();
  return useWrite(SAVE_GROUP_POLICY, saveGroupPolicy, {
    onSuccess: ({ saved: _saved, ...policy }) => queryClient.setQueryData(queryKeys.groupPolicy.all, policy),
  });
}
