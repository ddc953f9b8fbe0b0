import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_GROUP = declareWrite('DELETE /groups/{id}', ['groups']);

/** DELETE /groups/{id}. */
export const useDeleteGroup = () => useDeleteResource('/groups', DELETE_GROUP);
