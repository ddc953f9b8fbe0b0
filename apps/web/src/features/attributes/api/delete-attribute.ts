import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function deleteAttribute(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/attributes/${id}`, { method: 'DELETE' });
}

export function useDeleteAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttribute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.attributes.all }),
  });
}
