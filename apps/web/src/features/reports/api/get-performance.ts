import { useQuery } from '@tanstack/react-query';
import type { PerformanceAnswer, PerformanceQuery } from '@egreso/domain';
import { api, download } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchPerformance(q: PerformanceQuery): Promise<PerformanceAnswer> {
  return api<PerformanceAnswer>('/reportes/rendimiento', {
    query: { career_id: q.career_id, generation_id: q.generation_id },
  });
}

/** GET /reportes/rendimiento: a cohort's school performance indices per period; nothing is asked before 'Consultar'. */
export function usePerformance(q: PerformanceQuery | null) {
  return useQuery({
    queryKey: queryKeys.evidence.performance(q?.career_id ?? 0, q?.generation_id ?? 0),
    queryFn: () => fetchPerformance(q!),
    enabled: q !== null,
  });
}

/** GET /reportes/rendimiento/export, saved under the server's name. */
export function exportPerformance(q: PerformanceQuery): Promise<string> {
  return download(
    '/reportes/rendimiento/export',
    'rendimiento.xlsx',
    { career_id: q.career_id, generation_id: q.generation_id },
    /spreadsheetml|ms-excel|octet-stream/,
  );
}
