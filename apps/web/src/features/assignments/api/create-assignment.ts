import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentCreateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews, queryKeys } from '../../../lib/query-keys';

/** POST /professorsubjects: the period defaults to the active one on the server. */
export function createAssignment(body: AssignmentCreateBody): Promise<Assignment> {
  return api<Assignment>('/professorsubjects', { method: 'POST', body });
}

export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    // An assignment's subject, group and period are those of its grades in every report.
    onSuccess: () => {
      void invalidateGradeViews(queryClient);
      return queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all });
    },
  });
}
