import { useQuery } from '@tanstack/react-query';
import { ROLE, sortByName, type PublicUser } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users?role=2: the teachers, by name with Spanish collation. */
export async function fetchTeachers(): Promise<PublicUser[]> {
  return sortByName(await api<PublicUser[]>('/users', { query: { role: ROLE.TEACHER } }), (u) => u.full_name);
}

export function useTeachers() {
  return useQuery({ queryKey: queryKeys.users.list({ role: ROLE.TEACHER }), queryFn: fetchTeachers });
}
