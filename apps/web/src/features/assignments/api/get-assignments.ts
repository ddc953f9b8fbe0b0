import { useQuery } from '@tanstack/react-query';
import type { Assignment } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /professorsubjects?current=1: the active period's assignments with teacher, subject and group. */
export function fetchCurrentAssignments(): Promise<Assignment[]> {
  return api<Assignment[]>('/professorsubjects', { query: { current: 1 } });
}

export function useCurrentAssignments() {
  return useQuery({ queryKey: queryKeys.assignments.current(), queryFn: fetchCurrentAssignments });
}
