import { useQuery } from '@tanstack/react-query';
import type { AttributeRatingRow } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchStudentAttributeRatings(
  subjectId: number,
  groupId: number,
  userId: number,
): Promise<AttributeRatingRow[]> {
  return api<AttributeRatingRow[]>('/userattributes', {
    query: { subject_id: subjectId, group_id: groupId, user_id: userId },
  });
}

/** GET /userattributes?subject_id&group_id&user_id: a student's attribute ratings as the server computes them. */
export function useStudentAttributeRatings(key: { subjectId: number; groupId: number; userId: number } | null) {
  return useQuery({
    queryKey: queryKeys.grades.attributeRatings(key?.subjectId ?? 0, key?.groupId ?? 0, key?.userId ?? 0),
    queryFn: () => fetchStudentAttributeRatings(key!.subjectId, key!.groupId, key!.userId),
    enabled: key !== null,
  });
}
