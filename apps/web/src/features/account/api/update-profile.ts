import { useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody, UserUpdateAnswer } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';
import { queryKeys } from '../../../lib/query-keys';
import { updateStoredUser } from '../../../lib/session';

/** With the institution's mail, a new e-mail waits for its link: the answer's `pending_email`. */
export function updateProfile(id: number, body: ProfileUpdateBody): Promise<UserUpdateAnswer> {
  return api<UserUpdateAnswer>(`/users/${id}`, { method: 'PUT', body });
}

const UPDATE_PROFILE = declareWrite('PUT /users/{id} (own profile)', ['users']);

/** PUT /users/{id}: on success the stored name, the menu's profile and any user list show the new data. */
export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useWrite(UPDATE_PROFILE, (body: ProfileUpdateBody) => updateProfile(id, body), {
    onSuccess: (user) => {
      updateStoredUser({ full_name: user.full_name, email: user.email });
      queryClient.setQueryData(queryKeys.me.all, user);
      queryClient.setQueryData(queryKeys.account.detail(id), user);
    },
  });
}
