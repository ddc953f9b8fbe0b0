import { useQuery } from '@tanstack/react-query';
import type { RubricTree } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchRubric(assignmentId: number): Promise<RubricTree> {
  return api<RubricTree>(`/profesor/materia/${assignmentId}/rubrica`);
}

/** GET /profesor/materia/{id}/rubrica: 404 until the rubric exists (the screen then creates it). */
export function useRubric(assignmentId: number | null) {
  return useQuery({
    queryKey: queryKeys.rubrics.detail(assignmentId ?? 0),
    queryFn: () => fetchRubric(assignmentId!),
    enabled: assignmentId !== null,
    retry: false,
  });
}
