import { collator, type Assignment, type Group, type Subject, type SubjectSemester } from '@egreso/domain';

/** Subjects linked to the group's semester, by name; none until a group with a semester is chosen. */
export function subjectsForGroup(
  subjects: readonly Subject[],
  links: readonly SubjectSemester[],
  group: Group | undefined,
): Subject[] {
  if (!group || group.semester_id === null) return [];
  const ids = new Set(links.filter((l) => l.semester_id === group.semester_id).map((l) => l.subject_id));
  return subjects.filter((s) => ids.has(s.id)).sort((a, b) => collator.compare(a.subject_name, b.subject_name));
}

/**
 * The subject a row keeps when its group changes: the chosen one while the new group's semester still offers it, else
 * none (the subject select then asks again).
 */
export function subjectKeptFor(
  subjectId: string | null,
  subjects: readonly Subject[],
  links: readonly SubjectSemester[],
  group: Group | undefined,
): string | null {
  if (!subjectId) return null;
  return subjectsForGroup(subjects, links, group).some((s) => String(s.id) === subjectId) ? subjectId : null;
}

export interface ProfessorAssignments {
  userId: number;
  fullName: string;
  assignments: Assignment[];
}

/** Assignments grouped per professor, professors by name and chips by subject then group (Spanish collation). */
export function byProfessor(assignments: readonly Assignment[]): ProfessorAssignments[] {
  const map = new Map<number, ProfessorAssignments>();
  for (const a of assignments) {
    const entry = map.get(a.user_id) ?? { userId: a.user_id, fullName: a.user.full_name, assignments: [] };
    entry.assignments.push(a);
    map.set(a.user_id, entry);
  }
  const chip = (a: Assignment) => chipText(a);
  return [...map.values()]
    .map((p) => ({ ...p, assignments: [...p.assignments].sort((x, y) => collator.compare(chip(x), chip(y))) }))
    .sort((a, b) => collator.compare(a.fullName, b.fullName));
}

/** A chip's text: 'subject - group'. */
export const chipText = (a: Assignment) => `${a.subject.subject_name} - ${a.group?.group_name ?? 'Sin grupo'}`;

export const groupLabel = (g: Group) => (g.semester ? `${g.group_name} · ${g.semester.semester_name}` : g.group_name);
