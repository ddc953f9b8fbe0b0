import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_SUBJECT = declareWrite('DELETE /subjects/{id}', ['subjects']);

/** DELETE /subjects/{id}. */
export const useDeleteSubject = () => useDeleteResource('/subjects', DELETE_SUBJECT);
