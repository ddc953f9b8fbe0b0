import { useQuery } from '@tanstack/react-query';
import type { CareerRef } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchMyCareers(): Promise<CareerRef[]> {
  return api<CareerRef[]>('/mis-carreras');
}

/** GET /mis-carreras: the careers of the teacher in session (own and of their assignments). */
export function useMyCareers() {
  return useQuery({ queryKey: queryKeys.myCareers.all, queryFn: fetchMyCareers });
}
