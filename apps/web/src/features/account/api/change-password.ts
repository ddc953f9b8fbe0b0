import type { PasswordChangeBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function changePassword(id: number, body: PasswordChangeBody): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/${id}/password`, { method: 'POST', body });
}

const CHANGE_PASSWORD = declareWrite('POST /users/{id}/password', ['credentials']);

/** POST /users/{id}/password: the server revokes the user's other sessions. */
export const useChangePassword = (id: number) =>
  useWrite(CHANGE_PASSWORD, (body: PasswordChangeBody) => changePassword(id, body));
