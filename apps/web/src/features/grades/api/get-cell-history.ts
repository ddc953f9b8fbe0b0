import { useQuery } from '@tanstack/react-query';
import type { GradeHistoryEntry } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchCellHistory(activityId: number, userId: number): Promise<GradeHistoryEntry[]> {
  return api<GradeHistoryEntry[]>('/grade-history', { query: { activity_id: activityId, user_id: userId } });
}

/** GET /grade-history?activity_id&user_id: every change of one cell, newest first. */
export function useCellHistory(cell: { activityId: number; userId: number } | null) {
  return useQuery({
    queryKey: queryKeys.grades.cellHistory(cell?.activityId ?? 0, cell?.userId ?? 0),
    queryFn: () => fetchCellHistory(cell!.activityId, cell!.userId),
    enabled: cell !== null,
  });
}
