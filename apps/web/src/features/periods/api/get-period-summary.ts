import { useQuery } from '@tanstack/react-query';
import { fetchPeriods } from './get-periods';
import { queryKeys } from '../../../lib/query-keys';

export interface PeriodSummary {
  total: number;
  published: number;
  closed: number;
  activeName: string | null;
}

/** The four summary cards: GET /periods with per_page=1, alone and with the status and is_active filters. */
export async function fetchPeriodSummary(): Promise<PeriodSummary> {
  const [all, published, closed, active] = await Promise.all([
    fetchPeriods({ per_page: 1 }),
    fetchPeriods({ per_page: 1, status: 'published' }),
    fetchPeriods({ per_page: 1, status: 'closed' }),
    fetchPeriods({ per_page: 1, is_active: 1 }),
  ]);
  return {
    total: all.meta.total,
    published: published.meta.total,
    closed: closed.meta.total,
    activeName: active.data[0]?.period_name ?? null,
  };
}

export function usePeriodSummary() {
  return useQuery({ queryKey: queryKeys.periods.summary(), queryFn: fetchPeriodSummary });
}
