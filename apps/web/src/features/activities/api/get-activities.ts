import { useQuery } from '@tanstack/react-query';
import type { Activity } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchAssignmentActivities(assignmentId: number): Promise<Activity[]> {
  return api<Activity[]>('/activities', { query: { professor_subject_id: assignmentId } });
}

/** GET /activities?professor_subject_id: the activities of one assignment with their attributes. */
export function useAssignmentActivities(assignmentId: number | null) {
  return useQuery({
    queryKey: queryKeys.activities.byAssignment(assignmentId ?? 0),
    queryFn: () => fetchAssignmentActivities(assignmentId!),
    enabled: assignmentId !== null,
  });
}
