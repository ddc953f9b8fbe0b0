import { useEffect, useMemo, useState } from 'react';
import type { StudentAttributeRating } from '@egreso/domain';
import { useStudentId } from '../../../lib/student-id';
import { useOwnGrades, useStudentSubjects, useSubjectAttributeRatings } from '../api/student-grades';

/**
 * The state of /SubjectsSelection: the student's subjects (the first preselected), the chosen one's activity grades
 * and attribute ratings, and the attribute whose observations are open.
 */
export function useStudentGradesState() {
  const userId = useStudentId();
  const subjects = useStudentSubjects(userId);
  const [picked, setPicked] = useState<string | null>(null);
  const [observing, setObserving] = useState<StudentAttributeRating | null>(null);
  // The first subject is preselected.
  const subjectId = picked ?? (subjects.data?.[0] ? String(subjects.data[0].id) : null);
  useEffect(() => {
    if (subjects.error) console.error(subjects.error);
  }, [subjects.error]);
  const subject = subjects.data?.find((s) => String(s.id) === subjectId) ?? null;
  const activityIds = useMemo(() => (subject?.activities ?? []).map((a) => a.id), [subject]);
  const grades = useOwnGrades(userId, activityIds);
  const ratings = useSubjectAttributeRatings(userId, subject?.id ?? null);
  const gradeOf = useMemo(
    () => new Map((grades.data ?? []).map((g) => [g.activity_id, g.qualification])),
    [grades.data],
  );
  return {
    userId,
    subjects,
    subjectId,
    setPicked,
    subject,
    grades,
    gradeOf,
    ratings,
    observing,
    setObserving,
  };
}
