import { useDeleteResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /subjects/{id}; the subject-semester relations are under the same key. */
export const useDeleteSubject = () => useDeleteResource('/subjects', [queryKeys.subjects.all]);
