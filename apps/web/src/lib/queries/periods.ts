import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, type Period, type PeriodStatus, type PeriodsPage } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export interface PeriodFilters {
  period_name?: string;
  status?: PeriodStatus;
  is_active?: 0 | 1;
  page?: number;
  per_page?: number;
  /** Every page (the server pages at most 100 a page): the first tells how many more, asked for side by side. */
  every?: true;
}

export type PeriodOption = PeriodsPage['data'][number];

async function fetchPage({ every: _every, ...filters }: PeriodFilters): Promise<PeriodsPage> {
  return api<PeriodsPage>('/periods', { query: { ...filters } });
}

/** GET /periods: one page with its meta, or with `every` all of them as one page. */
export async function fetchPeriods(filters: PeriodFilters): Promise<PeriodsPage> {
  if (!filters.every) return fetchPage(filters);
  const perPage = LIMITS.perPageMax;
  const first = await fetchPage({ ...filters, page: 1, per_page: perPage });
  const pages = Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => i + 2);
  const rest = await Promise.all(pages.map((page) => fetchPage({ ...filters, page, per_page: perPage })));
  const data = [first, ...rest].flatMap((p) => p.data);
  return { data, meta: { ...first.meta, per_page: data.length, last_page: 1 } };
}

/**
 * The one hook of GET /periods; a view of the answer is a `select` (the previous page stays on screen while the next
 * loads): `usePeriods({ every: true }, periodRows)`, `usePeriods(ACTIVE_PERIOD, activePeriodOf)`.
 */
export function usePeriods<T = PeriodsPage>(filters: PeriodFilters, select?: (page: PeriodsPage) => T) {
  return useQuery({
    queryKey: queryKeys.periods.list(filters),
    queryFn: () => fetchPeriods(filters),
    placeholderData: keepPreviousData,
    select,
  });
}

/** The filters that ask for the active period alone. */
export const ACTIVE_PERIOD: PeriodFilters = { per_page: 1, is_active: 1 };

/** The active period (assignments are made in it), or null when none is active. */
export const activePeriodOf = (page: PeriodsPage): Period | null => page.data[0] ?? null;

/** The periods of the answer, most recent first. */
export const periodRows = (page: PeriodsPage): PeriodOption[] => page.data;

/** How many periods match the filters (a summary card asks with `per_page: 1`). */
export const periodCount = (page: PeriodsPage): number => page.meta.total;
