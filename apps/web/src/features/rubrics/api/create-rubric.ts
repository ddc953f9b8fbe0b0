import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RubricCreateBody, RubricSummary } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createRubric(body: RubricCreateBody): Promise<RubricSummary> {
  return api<RubricSummary>('/rubrics', { method: 'POST', body });
}

/** POST /rubrics: creates the assignment's rubric (or answers the existing one), then reloads it. */
export function useCreateRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRubric,
    onSuccess: (_, body) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.detail(Number(body.professor_subject_id)) }),
  });
}
