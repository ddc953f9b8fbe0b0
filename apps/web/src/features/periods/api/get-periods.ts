import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PeriodStatus, PeriodsPage } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface PeriodFilters {
  period_name?: string;
  status?: PeriodStatus;
  is_active?: 0 | 1;
  page?: number;
  per_page?: number;
}

export function fetchPeriods(filters: PeriodFilters): Promise<PeriodsPage> {
  return api<PeriodsPage>('/periods', { query: { ...filters } });
}

/** GET /periods: one page with its meta; the previous page stays on screen while the next loads. */
export function usePeriods(filters: PeriodFilters) {
  return useQuery({
    queryKey: queryKeys.periods.list(filters),
    queryFn: () => fetchPeriods(filters),
    placeholderData: keepPreviousData,
  });
}
