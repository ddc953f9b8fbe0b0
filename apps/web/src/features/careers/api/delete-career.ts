import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function deleteCareer(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/careers/${id}`, { method: 'DELETE' });
}

export function useDeleteCareer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCareer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.careers.all }),
  });
}
