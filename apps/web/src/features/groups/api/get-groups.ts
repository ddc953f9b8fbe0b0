import { useQuery } from '@tanstack/react-query';
import type { Group } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /groups with their semester, sorted by name by the server. */
export function fetchGroups(): Promise<Group[]> {
  return api<Group[]>('/groups');
}

export function useGroups() {
  return useQuery({ queryKey: queryKeys.groups.list(), queryFn: fetchGroups });
}
