import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@egreso/domain';
import { api } from '../../../lib/api';

export function changePassword(id: number, body: PasswordChangeBody): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/${id}/password`, { method: 'POST', body });
}

/** POST /users/{id}/password: nothing cached changes, the server revokes the user's other sessions. */
export function useChangePassword(id: number) {
  return useMutation({ mutationFn: (body: PasswordChangeBody) => changePassword(id, body) });
}
