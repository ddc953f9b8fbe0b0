import type { Group, GroupBody } from '@egreso/domain';
import { useSaveResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** POST /groups or PUT /groups/{id}; assignment chips show group names, so they are refreshed too. */
export const useSaveGroup = () =>
  useSaveResource<Group, GroupBody>('/groups', [queryKeys.groups.all, queryKeys.assignments.all]);
