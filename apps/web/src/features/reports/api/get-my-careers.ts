import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface CareerOption {
  id: number;
  name: string;
}

/** The careers whose targets the signed-in user may edit: all of them for an administrator, their own for a chief. */
export function useTargetCareers(isAdmin: boolean) {
  return useQuery({
    queryKey: queryKeys.myCareers.list(isAdmin),
    queryFn: () => api<CareerOption[]>(isAdmin ? '/careers' : '/mis-carreras'),
  });
}
