import { useQuery } from '@tanstack/react-query';
import type { Subject } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subjects with prerequisites, semesters, careers and attributes, sorted by name by the server. */
export function fetchSubjects(): Promise<Subject[]> {
  return api<Subject[]>('/subjects');
}

export function useSubjects() {
  return useQuery({ queryKey: queryKeys.subjects.list(), queryFn: fetchSubjects });
}
