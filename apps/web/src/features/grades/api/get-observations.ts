import { useQuery } from '@tanstack/react-query';
import type { ObservationEntry } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ObservationScope {
  subjectId: number;
  userId: number;
  /** Only the observations of this attribute; without it, those of every attribute. */
  attributeId?: number;
}

export function fetchObservations({ subjectId, userId, attributeId }: ObservationScope): Promise<ObservationEntry[]> {
  return api<ObservationEntry[]>('/userattribute-observations/history', {
    query: { subject_id: subjectId, user_id: userId, attribute_id: attributeId },
  });
}

/**
 * GET /userattribute-observations/history: a student's observations in a subject, newest first: the teacher's
 * attribute dialog and the student's own grades read them alike, so saving observations refreshes both.
 */
export function useObservations(scope: ObservationScope | null) {
  return useQuery({
    queryKey: queryKeys.observations.history(scope?.subjectId ?? 0, scope?.userId ?? 0, scope?.attributeId ?? null),
    queryFn: () => fetchObservations(scope!),
    enabled: scope !== null,
  });
}
