import { useMutation } from '@tanstack/react-query';
import type { GroupPasswordsReset, PasswordReset } from '@egreso/domain';
import { api } from '../../../lib/api';

/** POST /users/{id}/reset-password: a new one-time password, answered once; the person's sessions end. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) => api<PasswordReset>(`/users/${id}/reset-password`, { method: 'POST' }),
  });
}

/** POST /users/reset-passwords: new one-time passwords for the students of a group, for its access slips. */
export function useResetGroupPasswords() {
  return useMutation({
    mutationFn: (groupId: number) =>
      api<GroupPasswordsReset>('/users/reset-passwords', { method: 'POST', body: { group_id: groupId } }),
  });
}
