import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_ATTRIBUTE = declareWrite('DELETE /attributes/{id}', ['attributes']);

/** DELETE /attributes/{id}. */
export const useDeleteAttribute = () => useDeleteResource('/attributes', DELETE_ATTRIBUTE);
