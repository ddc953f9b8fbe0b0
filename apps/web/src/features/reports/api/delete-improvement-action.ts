import { queryKeys } from '../../../lib/query-keys';
import { useDeleteResource } from '../../../lib/resource-mutations';

/** DELETE /reportes/acciones-mejora/{id}. */
export const useDeleteImprovementAction = () =>
  useDeleteResource('/reportes/acciones-mejora', [queryKeys.improvementActions.all]);
