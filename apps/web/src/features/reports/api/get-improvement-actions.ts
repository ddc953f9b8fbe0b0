import { useQuery } from '@tanstack/react-query';
import type { ImprovementAction, ImprovementMeasureAnswer } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys, type ImprovementActionFilters } from '../../../lib/query-keys';

export function fetchImprovementActions(filters: ImprovementActionFilters): Promise<ImprovementAction[]> {
  return api<ImprovementAction[]>('/reportes/acciones-mejora', { query: { ...filters } });
}

/** GET /reportes/acciones-mejora: the actions the user may read (a teacher's: those on their subjects). */
export function useImprovementActions(filters: ImprovementActionFilters | null) {
  return useQuery({
    queryKey: queryKeys.improvementActions.list(filters ?? {}),
    queryFn: () => fetchImprovementActions(filters!),
    enabled: filters !== null,
  });
}

/**
 * GET /reportes/acciones-mejora/{id}/medicion: what an action would measure in another period against an expected
 * share (the edit window asks as soon as one is chosen); nothing is asked while `ask` is null.
 */
export function useImprovementMeasure(ask: { id: number; period_id: number; expected_share: number } | null) {
  return useQuery({
    queryKey: queryKeys.improvementActions.measure(ask?.id ?? 0, ask?.period_id ?? 0, ask?.expected_share ?? 0),
    queryFn: () =>
      api<ImprovementMeasureAnswer>(`/reportes/acciones-mejora/${ask!.id}/medicion`, {
        query: { period_id: ask!.period_id, expected_share: ask!.expected_share },
      }),
    enabled: ask !== null,
  });
}
