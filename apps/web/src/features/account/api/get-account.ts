import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchAccount(id: number): Promise<PublicUser> {
  return api<PublicUser>(`/users/${id}`);
}

/** The signed-in user's own record, read by id as the account page of the spec does. */
export function useAccount(id: number | null) {
  return useQuery({
    queryKey: queryKeys.account.detail(id ?? 0),
    queryFn: () => fetchAccount(id!),
    enabled: id !== null,
  });
}
