import { useState } from 'react';
import type { TeacherAssignment } from '@egreso/domain';
import { useMyAssignments, useMyCareers } from './teacher-assignments';

/** 'Cálculo I – Grupo 101 – 1° – ISC': how the teacher screens name an assignment. */
export function assignmentLabel(a: TeacherAssignment): string {
  const parts = [a.subject.subject_name];
  if (a.group) parts.push(`Grupo ${a.group.group_name}`);
  if (a.semester) parts.push(`${a.semester.id}°`);
  if (a.careers.length) parts.push(a.careers.map((c) => c.career_key).join(', '));
  return parts.join(' – ');
}

/** A period a teacher's assignments were given in: the selector's option. */
export interface AssignmentPeriodOption {
  id: number;
  period_name: string;
  is_active: boolean;
}

/** The distinct periods of assignments, the active one first, then the newest first (the larger id). */
export function periodsOf(list: readonly TeacherAssignment[]): AssignmentPeriodOption[] {
  const seen = new Map<number, AssignmentPeriodOption>();
  for (const a of list) if (a.period && !seen.has(a.period.id)) seen.set(a.period.id, a.period);
  return [...seen.values()].sort((x, y) => Number(y.is_active) - Number(x.is_active) || y.id - x.id);
}

/**
 * The career and assignment choice of the teacher screens: the only career is chosen by itself, and so is an
 * assignment and career asked for by id (a link from the dashboard). With `pastPeriods` the teacher's assignments of
 * every period are read and a period is chosen too: the active one unless an assignment asked for by id is of another.
 */
export function useTeacherAssignment(
  initialAssignmentId: number | null = null,
  initialCareerId: number | null = null,
  { pastPeriods = false }: { pastPeriods?: boolean } = {},
) {
  const careers = useMyCareers();
  const [pickedCareer, setCareerId] = useState<number | null>(initialCareerId);
  const careerId = pickedCareer ?? (careers.data?.length ? careers.data[0]!.id : null);
  const assignments = useMyAssignments(careerId, pastPeriods ? 'every' : 'current');
  const [pickedAssignment, setAssignmentId] = useState<number | null>(initialAssignmentId);
  const [pickedPeriod, setPeriodId] = useState<number | null>(null);
  const every = assignments.data ?? [];
  const periods = pastPeriods ? periodsOf(every) : [];
  const periodId = pastPeriods
    ? (pickedPeriod ?? every.find((a) => a.id === pickedAssignment)?.period_id ?? periods[0]?.id ?? null)
    : null;
  const list = periodId === null ? every : every.filter((a) => a.period_id === periodId);
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
      setPeriodId(null);
      setAssignmentId(null);
    },
    /** The periods of the teacher's assignments of the career (with `pastPeriods`; empty otherwise). */
    periods,
    periodId,
    setPeriodId: (id: number | null) => {
      setPeriodId(id);
      setAssignmentId(null);
    },
    assignments,
    assignment,
    setAssignmentId,
    /** The career is chosen, its assignments loaded, and there is none: the spec's warning dialog. */
    noSubjects: careerId !== null && assignments.isSuccess && list.length === 0,
  };
}
