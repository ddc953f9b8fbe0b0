import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group, GroupBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createGroup(body: GroupBody): Promise<Group> {
  return api<Group>('/groups', { method: 'POST', body });
}

export function updateGroup(id: number, body: GroupBody): Promise<Group> {
  return api<Group>(`/groups/${id}`, { method: 'PUT', body });
}

/** POST /groups or PUT /groups/{id}; assignment chips show group names, so they are refreshed too. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupBody }) => (id === null ? createGroup(body) : updateGroup(id, body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all });
    },
  });
}
