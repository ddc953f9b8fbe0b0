import { useQuery } from '@tanstack/react-query';
import type { Career } from '@egreso/domain';
import { api } from '../../../lib/api';
import { chiefKeys } from './keys';

/** GET /careers, sorted by name by the server. */
export function fetchCareers(): Promise<Career[]> {
  return api<Career[]>('/careers');
}

export function useCareers() {
  return useQuery({ queryKey: chiefKeys.careers, queryFn: fetchCareers });
}
