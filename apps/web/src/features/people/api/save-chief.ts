import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, UserCreateBody, UserUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createChief(body: UserCreateBody): Promise<PublicUser> {
  return api<PublicUser>('/users', { method: 'POST', body });
}

export function updateChief(id: number, body: UserUpdateBody): Promise<PublicUser> {
  return api<PublicUser>(`/users/${id}`, { method: 'PUT', body });
}

export type SaveChiefInput = { id: null; body: UserCreateBody } | { id: number; body: UserUpdateBody };

/** POST /users with role '1', or PUT /users/{id}; every user list is refreshed. */
export function useSaveChief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveChiefInput) => (input.id === null ? createChief(input.body) : updateChief(input.id, input.body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
