import { useDeleteResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /attributes/{id}. */
export const useDeleteAttribute = () => useDeleteResource('/attributes', [queryKeys.attributes.all]);
