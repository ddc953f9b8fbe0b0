import { useQuery } from '@tanstack/react-query';
import type { StoredGrade, StudentAttributeRating, StudentSubject } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subjects/user/{id}: the student's subjects with the activities of their sheets. */
export function useStudentSubjects(userId: number) {
  return useQuery({
    queryKey: queryKeys.student.subjects(userId),
    queryFn: () => api<StudentSubject[]>(`/subjects/user/${userId}`),
  });
}

/** POST /useractivities/by-users-and-activities for the student's own grades. */
export function useOwnGrades(userId: number, activityIds: readonly number[]) {
  return useQuery({
    queryKey: queryKeys.student.grades(userId, activityIds),
    queryFn: () =>
      api<StoredGrade[]>('/useractivities/by-users-and-activities', {
        method: 'POST',
        body: { user_ids: [userId], activity_ids: activityIds },
      }),
    enabled: activityIds.length > 0,
  });
}

/** GET /userattributes/by-user/{id}?subject_id: the student's rating of each attribute of the subject. */
export function useSubjectAttributeRatings(userId: number, subjectId: number | null) {
  return useQuery({
    queryKey: queryKeys.student.ratings(userId, subjectId ?? 0),
    queryFn: () =>
      api<StudentAttributeRating[]>(`/userattributes/by-user/${userId}`, { query: { subject_id: subjectId } }),
    enabled: subjectId !== null,
  });
}
