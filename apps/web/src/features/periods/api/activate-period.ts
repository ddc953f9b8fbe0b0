import type { Period } from '@egreso/domain';
import { api } from '../../../lib/api';
import { usePeriodMutation } from './period-mutation';

/** POST /periods/{id}/activate: the server deactivates every other period in the same transaction. */
export function activatePeriod(id: number): Promise<Period> {
  return api<Period>(`/periods/${id}/activate`, { method: 'POST' });
}

export const useActivatePeriod = () => usePeriodMutation(activatePeriod);
