import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObservationBatchBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews, queryKeys } from '../../../lib/query-keys';

export function saveObservations(body: ObservationBatchBody): Promise<{ message: string; saved: number }> {
  return api('/userattribute-observations/batch', { method: 'POST', body });
}

/** POST /userattribute-observations/batch: the observations and the grade views that show them are refreshed. */
export function useSaveObservations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveObservations,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.observations.all }),
        invalidateGradeViews(queryClient),
      ]),
  });
}
