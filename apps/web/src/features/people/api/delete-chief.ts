import { useDeleteResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /users/{id}; every user list is refreshed. */
export const useDeleteChief = () => useDeleteResource('/users', [queryKeys.users.all]);
