import { useDeleteResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /groups/{id}. */
export const useDeleteGroup = () => useDeleteResource('/groups', [queryKeys.groups.all]);
