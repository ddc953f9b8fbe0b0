import { useQuery } from '@tanstack/react-query';
import type { ObservationEntry } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchObservations(subjectId: number, userId: number): Promise<ObservationEntry[]> {
  return api<ObservationEntry[]>('/userattribute-observations/history', {
    query: { subject_id: subjectId, user_id: userId },
  });
}

/** GET /userattribute-observations/history: a student's observations in a subject, newest first. */
export function useObservations(key: { subjectId: number; userId: number } | null) {
  return useQuery({
    queryKey: queryKeys.observations.history(key?.subjectId ?? 0, key?.userId ?? 0),
    queryFn: () => fetchObservations(key!.subjectId, key!.userId),
    enabled: key !== null,
  });
}
