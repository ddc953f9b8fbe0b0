import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_GENERATION = declareWrite('DELETE /generations/{id}', ['generations']);

/** DELETE /generations/{id}. */
export const useDeleteGeneration = () => useDeleteResource('/generations', DELETE_GENERATION);
