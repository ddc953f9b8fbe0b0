import { useQuery } from '@tanstack/react-query';
import type { Period, PeriodsPage } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The active period (assignments are made in it), or null when none is active. */
export async function fetchActivePeriod(): Promise<Period | null> {
  const page = await api<PeriodsPage>('/periods', { query: { is_active: 1, per_page: 1 } });
  return page.data[0] ?? null;
}

export function useActivePeriod() {
  return useQuery({ queryKey: queryKeys.periods.active(), queryFn: fetchActivePeriod });
}
