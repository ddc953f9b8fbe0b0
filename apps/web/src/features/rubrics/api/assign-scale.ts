import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignScaleBody, Criterion } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /evaluationcriterias/{id}/assign-scale: the criterion's description for one scale (empty clears it). */
export function useAssignScale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ criterionId, body }: { criterionId: number; body: AssignScaleBody }) =>
      api<Criterion>(`/evaluationcriterias/${criterionId}/assign-scale`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.all }),
  });
}
