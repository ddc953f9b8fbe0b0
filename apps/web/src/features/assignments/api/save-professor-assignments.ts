import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentBulkBody, AssignmentBulkResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /professorsubjects/by-professor/{userId}: the server keeps, deletes and creates by comparison, in one transaction. */
export function saveProfessorAssignments(userId: number, body: AssignmentBulkBody): Promise<AssignmentBulkResult> {
  return api<AssignmentBulkResult>(`/professorsubjects/by-professor/${userId}`, { method: 'PUT', body });
}

export function useSaveProfessorAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: AssignmentBulkBody }) =>
      saveProfessorAssignments(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all }),
  });
}
