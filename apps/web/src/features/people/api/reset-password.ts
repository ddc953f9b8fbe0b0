import { useMutation } from '@tanstack/react-query';
import type { PasswordReset } from '@egreso/domain';
import { api } from '../../../lib/api';

/** POST /users/{id}/reset-password: a new one-time password, answered once; the person's sessions end. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) => api<PasswordReset>(`/users/${id}/reset-password`, { method: 'POST' }),
  });
}
