import type { CreatedUser, PublicUser, UserCreateBody, UserUpdateBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_CHIEF = declareWrite('POST|PUT /users (chief)', ['users']);

/** POST /users with role '1' (its answer carries the one-time password), or PUT /users/{id}. */
export const useSaveChief = () =>
  useSaveResource<PublicUser | CreatedUser, UserCreateBody, UserUpdateBody>('/users', SAVE_CHIEF);
