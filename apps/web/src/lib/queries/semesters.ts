import { useQuery } from '@tanstack/react-query';
import type { Semester } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** GET /semesters: the nine semesters, in order. */
export function fetchSemesters(): Promise<Semester[]> {
  return api<Semester[]>('/semesters');
}

export function useSemesters() {
  return useQuery({ queryKey: queryKeys.semesters.list(), queryFn: fetchSemesters, staleTime: Infinity });
}
