import { useQuery } from '@tanstack/react-query';
import type { SubjectListItem } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/**
 * GET /subjects with prerequisites, semesters, careers and attributes, and whether the viewer may change each
 * (`can_edit`), sorted by name by the server.
 */
export function fetchSubjects(): Promise<SubjectListItem[]> {
  return api<SubjectListItem[]>('/subjects');
}

export function useSubjects() {
  return useQuery({ queryKey: queryKeys.subjects.list(), queryFn: fetchSubjects });
}
