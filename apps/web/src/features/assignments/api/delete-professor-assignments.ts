import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateGradeViews, queryKeys } from '../../../lib/query-keys';

/** DELETE /professorsubjects/by-professor/{userId}: all of the teacher's assignments of the active period. */
export function deleteProfessorAssignments(userId: number): Promise<{ message: string; deleted: number }> {
  return api<{ message: string; deleted: number }>(`/professorsubjects/by-professor/${userId}`, { method: 'DELETE' });
}

export function useDeleteProfessorAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfessorAssignments,
    // An assignment's subject, group and period are those of its grades in every report.
    onSuccess: () => {
      void invalidateGradeViews(queryClient);
      return queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all });
    },
  });
}
