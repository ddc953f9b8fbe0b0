import type { AssignScaleBody, Criterion } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

const ASSIGN_SCALE = declareWrite('POST /evaluationcriterias/{id}/assign-scale', ['rubrics']);

/** POST /evaluationcriterias/{id}/assign-scale: the criterion's description for one scale (empty clears it). */
export function useAssignScale() {
  return useWrite(ASSIGN_SCALE, ({ criterionId, body }: { criterionId: number; body: AssignScaleBody }) =>
    api<Criterion>(`/evaluationcriterias/${criterionId}/assign-scale`, { method: 'POST', body }),
  );
}
