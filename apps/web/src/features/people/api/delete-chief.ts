import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function deleteChief(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/${id}`, { method: 'DELETE' });
}

export function useDeleteChief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChief,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
