import { useState } from 'react';
import { useUsers } from '../../../lib/queries/users';
import type { UserListFilters } from '../../../lib/query-keys';
import { useServerPaging } from '../../../lib/use-server-paging';

/**
 * The list page, back to 1 whenever the filters (as one key) change, without a render on the old page. The page is
 * forgotten on the change (not only hidden), so returning to earlier filters ('Ver todos los alumnos') starts at 1 too.
 */
export function usePageOf(filterKey: string) {
  const [state, setState] = useState({ key: filterKey, page: 1 });
  if (state.key !== filterKey) setState({ key: filterKey, page: 1 });
  const current = state.key === filterKey ? state.page : 1;
  return { current, set: (page: number) => setState({ key: filterKey, page }) };
}

/**
 * One page of the people a people screen lists (`filters` without the page), back to page 1 when the filters change,
 * with its paging footer ('Total: n …' with `noun`).
 */
export function usePagedUsers(filters: Omit<UserListFilters, 'page'>, noun: readonly [string, string]) {
  const page = usePageOf(JSON.stringify(filters));
  const users = useUsers({ ...filters, page: page.current });
  const paging = useServerPaging({
    meta: users.data?.meta,
    page: page.current,
    setPage: page.set,
    fetching: users.isFetching,
    noun,
  });
  return { users, paging };
}
