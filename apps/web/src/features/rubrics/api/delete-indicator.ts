import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /indicators/{id}. */
export function useDeleteIndicator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/indicators/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.all }),
  });
}
