import { useQuery } from '@tanstack/react-query';
import type { DivisionSummary } from '@egreso/domain';
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

/**
 * GET /reportes/flex/resumen: the server's summary of the applied filters (counters, and per attribute its records by
 * band with their shares), the one the workbook also writes; nothing is asked before 'Consultar'.
 */
export function useDivisionSummary(filters: DivisionReportFilters | null) {
  return useQuery({
    queryKey: queryKeys.divisionReport.summary(filters ?? { generation_id: 0 }),
    queryFn: () => api<DivisionSummary>('/reportes/flex/resumen', { query: { ...filters! } }),
    enabled: filters !== null,
  });
}
