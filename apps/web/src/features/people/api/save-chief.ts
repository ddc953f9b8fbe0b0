import type { CreatedUser, PublicUser, UserCreateBody, UserUpdateBody } from '@egreso/domain';
import { useSaveResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** POST /users with role '1' (its answer carries the one-time password), or PUT /users/{id}; every user list is refreshed. */
export const useSaveChief = () =>
  useSaveResource<PublicUser | CreatedUser, UserCreateBody, UserUpdateBody>('/users', [queryKeys.users.all]);
