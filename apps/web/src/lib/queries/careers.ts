import { useQuery } from '@tanstack/react-query';
import type { Career } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export function fetchCareers(): Promise<Career[]> {
  return api<Career[]>('/careers');
}

/** GET /careers, already sorted by name with Spanish collation; `enabled` for a screen that needs it only for some users. */
export function useCareers(enabled = true) {
  return useQuery({ queryKey: queryKeys.careers.list(), queryFn: fetchCareers, enabled });
}
