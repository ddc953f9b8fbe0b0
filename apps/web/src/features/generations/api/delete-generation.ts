import { useDeleteResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /generations/{id}. */
export const useDeleteGeneration = () => useDeleteResource('/generations', [queryKeys.generations.all]);
