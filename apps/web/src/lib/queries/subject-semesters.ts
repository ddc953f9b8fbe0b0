import { useQuery } from '@tanstack/react-query';
import type { SubjectSemester } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** GET /subjectsemesters: which subject is taught in which semester. */
export function fetchSubjectSemesters(): Promise<SubjectSemester[]> {
  return api<SubjectSemester[]>('/subjectsemesters');
}

export function useSubjectSemesters() {
  return useQuery({ queryKey: queryKeys.subjects.semesters(), queryFn: fetchSubjectSemesters });
}
