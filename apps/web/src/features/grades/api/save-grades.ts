import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradeBatchBody, GradeBatchResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews } from '../../../lib/query-keys';

export function saveGrades(body: GradeBatchBody): Promise<GradeBatchResult> {
  return api<GradeBatchResult>('/profesor/calificar/actividades/batch', { method: 'POST', body });
}

/**
 * POST /profesor/calificar/actividades/batch: conflicts come back per cell; the sheet is reloaded for the finals, and
 * every view computed from grades is refreshed.
 */
export function useSaveGrades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGrades,
    onSuccess: () => {
      void invalidateGradeViews(queryClient);
    },
  });
}
