import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentBulkBody, AssignmentBulkResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews, queryKeys } from '../../../lib/query-keys';

/** PUT /professorsubjects/by-professor/{userId}: the server keeps, deletes and creates by comparison, in one transaction. */
export function saveProfessorAssignments(userId: number, body: AssignmentBulkBody): Promise<AssignmentBulkResult> {
  return api<AssignmentBulkResult>(`/professorsubjects/by-professor/${userId}`, { method: 'PUT', body });
}

export function useSaveProfessorAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: AssignmentBulkBody }) =>
      saveProfessorAssignments(userId, body),
    // An assignment's subject, group and period are those of its grades in every report.
    onSuccess: () => {
      void invalidateGradeViews(queryClient);
      return queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all });
    },
  });
}
