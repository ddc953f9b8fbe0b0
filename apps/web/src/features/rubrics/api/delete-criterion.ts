import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /evaluationcriterias/{id}: its indicators and descriptions go with it. */
export function useDeleteCriterion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/evaluationcriterias/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.all }),
  });
}
