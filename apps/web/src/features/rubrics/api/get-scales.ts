import { useQuery } from '@tanstack/react-query';
import type { EvaluationScale } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /evaluationscales, from the lowest to the highest. */
export function useEvaluationScales() {
  return useQuery({
    queryKey: queryKeys.evaluationScales.all,
    queryFn: () => api<EvaluationScale[]>('/evaluationscales'),
    staleTime: Infinity,
  });
}
