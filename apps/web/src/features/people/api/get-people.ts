import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ROLE, type UsersPage } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys, type UserListFilters } from '../../../lib/query-keys';

/** The people screens' page size. */
export const PEOPLE_PAGE_SIZE = 20;

export interface PeopleFilters extends UserListFilters {
  role: typeof ROLE.TEACHER | typeof ROLE.STUDENT;
  page: number;
}

/**
 * GET /users paged on the server: teachers or students in Spanish order, searched by name, number or e-mail; students
 * carry their groups and latest generation link.
 */
export function fetchPeople(filters: PeopleFilters): Promise<UsersPage> {
  return api<UsersPage>('/users', {
    query: {
      ...filters,
      per_page: filters.per_page ?? PEOPLE_PAGE_SIZE,
      include_generation: filters.role === ROLE.STUDENT ? 1 : undefined,
    },
  });
}

export function usePeople(filters: PeopleFilters) {
  return useQuery({
    queryKey: queryKeys.users.list(filters),
    queryFn: () => fetchPeople(filters),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
