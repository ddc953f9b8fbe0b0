import { useQuery } from '@tanstack/react-query';
import { LIMITS, type PeriodsPage } from '@egreso/domain';
import { queryKeys } from '../../../lib/query-keys';
import { fetchPeriods } from './get-periods';

export type PeriodOption = PeriodsPage['data'][number];

/**
 * Every period, for the report screens' selects: the list is paged on the server (at most 100 a page), so the first
 * page tells how many more there are and those are asked for side by side.
 */
export async function fetchAllPeriods(): Promise<PeriodOption[]> {
  const perPage = LIMITS.perPageMax;
  const first = await fetchPeriods({ page: 1, per_page: perPage });
  const pages = Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => i + 2);
  const rest = await Promise.all(pages.map((page) => fetchPeriods({ page, per_page: perPage })));
  return [first, ...rest].flatMap((p) => p.data);
}

/** GET /periods, every page: all the periods, most recent first. */
export function useAllPeriods() {
  return useQuery({ queryKey: queryKeys.periods.every(), queryFn: fetchAllPeriods });
}
