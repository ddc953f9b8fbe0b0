import { useQuery } from '@tanstack/react-query';
import { ROLE, sortByName, type PublicUser } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users?role=1: the division chiefs with their careers, by name with Spanish collation. */
export async function fetchChiefs(): Promise<PublicUser[]> {
  const users = await api<PublicUser[]>('/users', { query: { role: ROLE.CHIEF } });
  return sortByName(users, (u) => u.full_name);
}

export function useChiefs() {
  return useQuery({ queryKey: queryKeys.users.list({ role: ROLE.CHIEF }), queryFn: fetchChiefs });
}
