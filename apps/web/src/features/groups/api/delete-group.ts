import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chiefKeys } from '../../chief/api/keys';

export function deleteGroup(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/groups/${id}`, { method: 'DELETE' });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chiefKeys.groups }),
  });
}
