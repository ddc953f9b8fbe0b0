import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityBulkBody, ActivityBulkResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function saveActivities(body: ActivityBulkBody): Promise<ActivityBulkResult> {
  return api<ActivityBulkResult>('/activities/bulk-upsert', { method: 'POST', body });
}

/** POST /activities/bulk-upsert: activities change the grade sheets and the dashboard too. */
export function useSaveActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActivities,
    onSuccess: () => {
      for (const key of [queryKeys.activities.all, queryKeys.grades.all, queryKeys.teacherDashboard.all])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
