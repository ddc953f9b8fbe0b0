import type { Criterion, CriterionCreateBody, CriterionUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export type SaveCriterion = { id: null; body: CriterionCreateBody } | { id: number; body: CriterionUpdateBody };

export function saveCriterion(input: SaveCriterion): Promise<Criterion> {
  return input.id === null
    ? api<Criterion>('/evaluationcriterias', { method: 'POST', body: input.body })
    : api<Criterion>(`/evaluationcriterias/${input.id}`, { method: 'PUT', body: input.body });
}

const SAVE_CRITERION = declareWrite('POST|PUT /evaluationcriterias', ['rubrics']);

/** POST /evaluationcriterias or PUT /evaluationcriterias/{id}. */
export const useSaveCriterion = () => useWrite(SAVE_CRITERION, saveCriterion);
