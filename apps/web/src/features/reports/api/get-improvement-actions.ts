import { useQuery } from '@tanstack/react-query';
import type { ImprovementAction } from '@egreso/domain';
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
