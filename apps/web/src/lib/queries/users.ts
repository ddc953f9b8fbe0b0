import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ROLE, type UsersPage } from '@egreso/domain';
import { api } from '../api';
import { queryKeys, type UserListFilters } from '../query-keys';

/** The people screens' page size. */
export const PEOPLE_PAGE_SIZE = 20;

export type UserRow = UsersPage['data'][number];

/**
 * GET /users in Spanish order: with `page`, one page of teachers or students searched by name, number or e-mail
 * (students carry their groups and latest generation link); without it, every user of the role (chiefs, the
 * assignment screen's teachers), answered as one page.
 */
export async function fetchUsers(filters: UserListFilters): Promise<UsersPage> {
  if (filters.page === undefined) {
    const data = await api<UsersPage['data']>('/users', { query: { ...filters } });
    return { data, meta: { current_page: 1, last_page: 1, total: data.length, per_page: data.length } };
  }
  return api<UsersPage>('/users', {
    query: {
      ...filters,
      per_page: filters.per_page ?? PEOPLE_PAGE_SIZE,
      include_generation: filters.role === ROLE.STUDENT ? 1 : undefined,
    },
  });
}

/**
 * The one hook of GET /users; a view of the answer is a `select` (`useUsers({ role: ROLE.CHIEF }, userRows)`). The
 * current page stays on screen while the next one loads.
 */
export function useUsers<T = UsersPage>(filters: UserListFilters, select?: (page: UsersPage) => T) {
  return useQuery({
    queryKey: queryKeys.users.list(filters),
    queryFn: () => fetchUsers(filters),
    placeholderData: keepPreviousData,
    select,
  });
}

/** The users of the answer, in the server's order. */
export const userRows = (page: UsersPage): UserRow[] => page.data;
