import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /users/{id}: 409 with advice (e.g. change the student to Baja) when the person has history. */
export function deletePerson(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/${id}`, { method: 'DELETE' });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
