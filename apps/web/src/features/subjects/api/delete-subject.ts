import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function deleteSubject(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/subjects/${id}`, { method: 'DELETE' });
}

export function useDeleteSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}
