import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityDeleteResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews, queryKeys } from '../../../lib/query-keys';

export function deleteActivity(id: number): Promise<ActivityDeleteResult> {
  return api<ActivityDeleteResult>(`/activities/${id}`, { method: 'DELETE' });
}

/** DELETE /activities/{id}: its grades go to the history, so every view computed from grades changes. */
export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      void invalidateGradeViews(queryClient);
    },
  });
}
