import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function deleteGeneration(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/generations/${id}`, { method: 'DELETE' });
}

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.generations.all }),
  });
}
