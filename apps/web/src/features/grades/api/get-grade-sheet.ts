import { useQuery } from '@tanstack/react-query';
import type { GradeSheet } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchGradeSheet(assignmentId: number): Promise<GradeSheet> {
  return api<GradeSheet>(`/grade-sheets/${assignmentId}`);
}

/** GET /grade-sheets/{id}: students, activities, grades with their versions and finals, in one answer. */
export function useGradeSheet(assignmentId: number | null) {
  return useQuery({
    queryKey: queryKeys.grades.sheet(assignmentId ?? 0),
    queryFn: () => fetchGradeSheet(assignmentId!),
    enabled: assignmentId !== null,
    // Typed grades live in the grid; a background refetch must not move versions under them.
    refetchOnWindowFocus: false,
  });
}
