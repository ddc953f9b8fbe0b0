import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdvanceSemesterResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /students/advance-semester: every active student, or only those of a group. */
export function advanceSemester(groupId: number | null): Promise<AdvanceSemesterResult> {
  return api<AdvanceSemesterResult>('/students/advance-semester', {
    method: 'POST',
    body: groupId ? { group_id: groupId } : {},
  });
}

export function useAdvanceSemester() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceSemester,
    // Students may have moved to groups the advance created.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
      ]),
  });
}
