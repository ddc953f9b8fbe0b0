/** Query keys of the chief's catalogues, so mutations invalidate exactly what they change. */
export const chiefKeys = {
  attributes: ['attributes'] as const,
  groups: ['groups'] as const,
  subjects: ['subjects'] as const,
  semesters: ['semesters'] as const,
  subjectSemesters: ['subjectsemesters'] as const,
  careers: ['careers'] as const,
  professors: ['users', { role: 2 }] as const,
  assignments: ['professorsubjects'] as const,
  activePeriod: ['periods', 'active'] as const,
};
