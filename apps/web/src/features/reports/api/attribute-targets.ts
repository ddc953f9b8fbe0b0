import { useQuery } from '@tanstack/react-query';
import type { TargetsAnswer, TargetsBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';
import { queryKeys } from '../../../lib/query-keys';

export function fetchAttributeTargets(careerId: number, periodId: number): Promise<TargetsAnswer> {
  return api<TargetsAnswer>('/reportes/metas', { query: { career_id: careerId, period_id: periodId } });
}

/** GET /reportes/metas: the targets that apply to a career's attributes in a period. */
export function useAttributeTargets(careerId: number | null, periodId: number | null) {
  return useQuery({
    queryKey: queryKeys.attributeTargets.list(careerId ?? 0, periodId ?? 0),
    queryFn: () => fetchAttributeTargets(careerId!, periodId!),
    enabled: careerId !== null && periodId !== null,
  });
}

const SAVE_TARGETS = declareWrite('PUT /reportes/metas', ['targets']);

/** PUT /reportes/metas: sets the period's targets; the evidence's and the improvement actions' verdicts follow. */
export const useSaveAttributeTargets = () =>
  useWrite(SAVE_TARGETS, (body: TargetsBody) => api<TargetsAnswer>('/reportes/metas', { method: 'PUT', body }));
