import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_ACTION = declareWrite('DELETE /reportes/acciones-mejora/{id}', ['improvementActions']);

/** DELETE /reportes/acciones-mejora/{id}. */
export const useDeleteImprovementAction = () => useDeleteResource('/reportes/acciones-mejora', DELETE_ACTION);
