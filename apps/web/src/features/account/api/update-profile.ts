import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody, PublicUser } from '@egreso/domain';
import { api } from '../../../lib/api';
import { meKey } from '../../../lib/me';
import { updateStoredUser } from '../../../lib/session';
import { accountKey } from './get-account';

export function updateProfile(id: number, body: ProfileUpdateBody): Promise<PublicUser> {
  return api<PublicUser>(`/users/${id}`, { method: 'PUT', body });
}

/** PUT /users/{id}: on success the stored name, the menu's profile and any user list show the new data. */
export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => updateProfile(id, body),
    onSuccess: (user) => {
      updateStoredUser({ full_name: user.full_name, email: user.email });
      queryClient.setQueryData(meKey, user);
      queryClient.setQueryData(accountKey(id), user);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
