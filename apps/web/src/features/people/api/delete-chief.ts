import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_CHIEF = declareWrite('DELETE /users/{id} (chief)', ['users']);

/** DELETE /users/{id}. */
export const useDeleteChief = () => useDeleteResource('/users', DELETE_CHIEF);
