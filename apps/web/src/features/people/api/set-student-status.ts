import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGeneration } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /students/{id}/status: the status of the student's latest generation link (409 without one). */
export function setStudentStatus({ id, active }: { id: number; active: number }): Promise<UserGeneration> {
  return api<UserGeneration>(`/students/${id}/status`, { method: 'PUT', body: { active } });
}

export function useSetStudentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStudentStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
