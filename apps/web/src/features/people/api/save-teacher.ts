import type { CreatedUser, PublicUser, UserCreateBody, UserUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export type SaveTeacherInput = { id: null; body: UserCreateBody } | { id: number; body: UserUpdateBody };

/** A new teacher's answer carries their one-time password (initial_password), this once. */
export function saveTeacher(input: SaveTeacherInput): Promise<PublicUser | CreatedUser> {
  return input.id === null
    ? api<CreatedUser>('/users', { method: 'POST', body: input.body })
    : api<PublicUser>(`/users/${input.id}`, { method: 'PUT', body: input.body });
}

const SAVE_TEACHER = declareWrite('POST|PUT /users (teacher)', ['users']);

/** POST /users with role '2', or PUT /users/{id}. */
export const useSaveTeacher = () => useWrite(SAVE_TEACHER, saveTeacher);
