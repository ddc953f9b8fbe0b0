import { useState } from 'react';
import type { TeacherAssignment } from '@egreso/domain';
import { useMyAssignments, useMyCareers } from '../../../lib/teacher-assignments';

/** 'Cálculo I – Grupo 101 – 1° – ISC': how the teacher screens name an assignment. */
export function assignmentLabel(a: TeacherAssignment): string {
  const parts = [a.subject.subject_name];
  if (a.group) parts.push(`Grupo ${a.group.group_name}`);
  if (a.semester) parts.push(`${a.semester.id}°`);
  if (a.careers.length) parts.push(a.careers.map((c) => c.career_key).join(', '));
  return parts.join(' – ');
}

/**
 * The career and assignment choice of the teacher screens: the only career is chosen by itself, and so is an
 * assignment and career asked for by id (a link from the dashboard).
 */
export function useTeacherAssignment(initialAssignmentId: number | null = null, initialCareerId: number | null = null) {
  const careers = useMyCareers();
  const [pickedCareer, setCareerId] = useState<number | null>(initialCareerId);
  const careerId = pickedCareer ?? (careers.data?.length ? careers.data[0]!.id : null);
  const assignments = useMyAssignments(careerId, 'current');
  const [pickedAssignment, setAssignmentId] = useState<number | null>(initialAssignmentId);
  const list = assignments.data ?? [];
  const assignment = list.find((a) => a.id === pickedAssignment) ?? null;
  // One entry per subject (its first group); the group selector then picks among that subject's groups, so the
  // group is named in a field of its own even where the subject's long label is cut.
  // The chosen assignment stands for its subject, so the subject's label never names another group.
  const subjects = list
    .filter((a, i) => list.findIndex((b) => b.subject.id === a.subject.id) === i)
    .map((a) => (assignment && a.subject.id === assignment.subject.id ? assignment : a));
  const groups = assignment ? list.filter((a) => a.subject.id === assignment.subject.id && a.group) : [];
  return {
    subjects,
    groups,
    careers,
    careerId,
    setCareerId: (id: number | null) => {
      setCareerId(id);
      setAssignmentId(null);
    },
    assignments,
    assignment,
    setAssignmentId,
    /** The career is chosen, its assignments loaded, and there is none: the spec's warning dialog. */
    noSubjects: careerId !== null && assignments.isSuccess && list.length === 0,
  };
}
