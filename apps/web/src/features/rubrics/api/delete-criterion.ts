import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_CRITERION = declareWrite('DELETE /evaluationcriterias/{id}', ['rubrics']);

/** DELETE /evaluationcriterias/{id}: its indicators and descriptions go with it. */
export const useDeleteCriterion = () => useDeleteResource('/evaluationcriterias', DELETE_CRITERION);
