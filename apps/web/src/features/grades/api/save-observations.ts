import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObservationBatchBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function saveObservations(body: ObservationBatchBody): Promise<{ message: string; saved: number }> {
  return api('/userattribute-observations/batch', { method: 'POST', body });
}

/** POST /userattribute-observations/batch */
export function useSaveObservations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveObservations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.observations.all }),
  });
}
