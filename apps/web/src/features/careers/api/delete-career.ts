import { useDeleteResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /careers/{id}. */
export const useDeleteCareer = () => useDeleteResource('/careers', [queryKeys.careers.all]);
