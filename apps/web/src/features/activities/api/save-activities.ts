import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityBulkBody, ActivityBulkResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews, queryKeys } from '../../../lib/query-keys';

export function saveActivities(body: ActivityBulkBody): Promise<ActivityBulkResult> {
  return api<ActivityBulkResult>('/activities/bulk-upsert', { method: 'POST', body });
}

/** POST /activities/bulk-upsert: weights and attribute links change the ratings, so every grade view too. */
export function useSaveActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActivities,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      void invalidateGradeViews(queryClient);
    },
  });
}
