import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@egreso/domain';
import { api } from './api';
import { setDisplayTimeZone } from './dates';
import { queryKeys } from './query-keys';

/** The signed-in user; the answer also sets the institution's time zone every date is shown in. */
export async function fetchMe(): Promise<MeResponse> {
  const me = await api<MeResponse>('/me');
  if (me.time_zone) setDisplayTimeZone(me.time_zone);
  return me;
}

/** The signed-in user's profile, shared by the menu, dashboards and the account page. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me.all, queryFn: fetchMe, staleTime: 5 * 60_000 });
}
