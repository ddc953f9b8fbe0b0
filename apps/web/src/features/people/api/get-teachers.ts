import { useQuery } from '@tanstack/react-query';
import { ROLE, sortByName, type PublicUser } from '@egreso/domain';
import { api } from '../../../lib/api';
import { chiefKeys } from '../../chief/api/keys';

/** GET /users?role=2: the teachers, by name with Spanish collation. */
export async function fetchProfessors(): Promise<PublicUser[]> {
  return sortByName(await api<PublicUser[]>('/users', { query: { role: ROLE.TEACHER } }), (u) => u.full_name);
}

export function useProfessors() {
  return useQuery({ queryKey: chiefKeys.professors, queryFn: fetchProfessors });
}
