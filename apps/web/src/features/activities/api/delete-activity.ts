import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityDeleteResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function deleteActivity(id: number): Promise<ActivityDeleteResult> {
  return api<ActivityDeleteResult>(`/activities/${id}`, { method: 'DELETE' });
}

/** DELETE /activities/{id}: its grades go to the history, so sheets and the dashboard change. */
export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => {
      for (const key of [queryKeys.activities.all, queryKeys.grades.all, queryKeys.teacherDashboard.all])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
