import { useQuery } from '@tanstack/react-query';
import type { UserSession } from '@egreso/domain';
import { api } from '../../../lib/api';

export const sessionsKey = (userId: number) => ['usersessions', userId] as const;

/** GET /usersessions, kept to the user's own records as the spec filters them on the client. */
export async function fetchSessions(userId: number): Promise<UserSession[]> {
  const sessions = await api<UserSession[]>('/usersessions', { query: { user_id: userId } });
  return sessions.filter((s) => s.user_id === userId);
}

export function useSessions(userId: number | null) {
  return useQuery({
    queryKey: sessionsKey(userId ?? 0),
    queryFn: () => fetchSessions(userId!),
    enabled: userId !== null,
  });
}
