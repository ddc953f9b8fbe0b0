import { useQuery } from '@tanstack/react-query';
import type { GroupListItem } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** GET /groups with their semester and whether the viewer may change each (`can_edit`), sorted by name by the server. */
export function fetchGroups(): Promise<GroupListItem[]> {
  return api<GroupListItem[]>('/groups');
}

export function useGroups() {
  return useQuery({ queryKey: queryKeys.groups.list(), queryFn: fetchGroups });
}
