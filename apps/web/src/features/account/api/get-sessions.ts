import { useQuery } from '@tanstack/react-query';
import type { UserSession } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /usersessions, kept to the user's own records as the spec filters them on the client. */
export async function fetchSessions(userId: number): Promise<UserSession[]> {
  const sessions = await api<UserSession[]>('/usersessions', { query: { user_id: userId } });
  return sessions.filter((s) => s.user_id === userId);
}

export function useSessions(userId: number | null) {
  return useQuery({
    queryKey: queryKeys.sessions.list(userId ?? 0),
    queryFn: () => fetchSessions(userId!),
    enabled: userId !== null,
  });
}
