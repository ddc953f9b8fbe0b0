import type { GroupPasswordsReset, PasswordReset } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

const RESET_PASSWORD = declareWrite('POST /users/{id}/reset-password', ['credentials']);
const RESET_GROUP_PASSWORDS = declareWrite('POST /users/reset-passwords', ['credentials']);

/** POST /users/{id}/reset-password: a new one-time password, answered once; the person's sessions end. */
export const useResetPassword = () =>
  useWrite(RESET_PASSWORD, (id: number) => api<PasswordReset>(`/users/${id}/reset-password`, { method: 'POST' }));

/** POST /users/reset-passwords: new one-time passwords for the students of a group, for its access slips. */
export const useResetGroupPasswords = () =>
  useWrite(RESET_GROUP_PASSWORDS, (groupId: number) =>
    api<GroupPasswordsReset>('/users/reset-passwords', { method: 'POST', body: { group_id: groupId } }),
  );
