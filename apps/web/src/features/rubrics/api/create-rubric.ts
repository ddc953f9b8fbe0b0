import type { RubricCreateBody, RubricSummary } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function createRubric(body: RubricCreateBody): Promise<RubricSummary> {
  return api<RubricSummary>('/rubrics', { method: 'POST', body });
}

const CREATE_RUBRIC = declareWrite('POST /rubrics', ['rubrics']);

/** POST /rubrics: creates the assignment's rubric (or answers the existing one); the other assignments may copy it. */
export const useCreateRubric = () => useWrite(CREATE_RUBRIC, createRubric);
