import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Criterion, CriterionCreateBody, CriterionUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type SaveCriterion = { id: null; body: CriterionCreateBody } | { id: number; body: CriterionUpdateBody };

export function saveCriterion(input: SaveCriterion): Promise<Criterion> {
  return input.id === null
    ? api<Criterion>('/evaluationcriterias', { method: 'POST', body: input.body })
    : api<Criterion>(`/evaluationcriterias/${input.id}`, { method: 'PUT', body: input.body });
}

/** POST /evaluationcriterias or PUT /evaluationcriterias/{id}; every rubric view reloads. */
export function useSaveCriterion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCriterion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.all }),
  });
}
