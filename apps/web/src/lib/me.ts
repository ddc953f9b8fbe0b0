import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@egreso/domain';
import { api } from './api';
import { queryKeys } from './query-keys';

export function fetchMe(): Promise<PublicUser> {
  return api<PublicUser>('/me');
}

/** The signed-in user's profile, shared by the menu, dashboards and the account page. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me.all, queryFn: fetchMe, staleTime: 5 * 60_000 });
}
