import { useQuery } from '@tanstack/react-query';
import { ROLE, sortByName, type PublicUser } from '@egreso/domain';
import { api } from '../../../lib/api';

export const chiefsKey = ['users', { role: ROLE.CHIEF }] as const;

/** GET /users?role=1: the division chiefs with their careers, by name with Spanish collation. */
export async function fetchChiefs(): Promise<PublicUser[]> {
  const users = await api<PublicUser[]>('/users', { query: { role: ROLE.CHIEF } });
  return sortByName(users, (u) => u.full_name);
}

export function useChiefs() {
  return useQuery({ queryKey: chiefsKey, queryFn: fetchChiefs });
}
