import { useQuery } from '@tanstack/react-query';
import type { RatingRecord } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface DivisionReportFilters {
  generation_id: number;
  /** One career; absent: every career the user reports on. */
  career_id?: number;
  subject_id?: number;
  period_id?: number;
  attribute_id?: number;
}

export function fetchDivisionReport(filters: DivisionReportFilters): Promise<RatingRecord[]> {
  return api<RatingRecord[]>('/reportes/flex', { query: { ...filters } });
}

/** GET /reportes/flex: the rating records of the applied filters; nothing is asked before 'Consultar'. */
export function useDivisionReport(filters: DivisionReportFilters | null) {
  return useQuery({
    queryKey: queryKeys.divisionReport.records(filters ?? { generation_id: 0 }),
    queryFn: () => fetchDivisionReport(filters!),
    enabled: filters !== null,
  });
}
