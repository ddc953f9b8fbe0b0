import type { Period } from '@egreso/domain';
import { api } from '../../../lib/api';
import { usePeriodMutation } from './period-mutation';

export function closePeriod(id: number): Promise<Period> {
  return api<Period>(`/periods/${id}/close`, { method: 'POST' });
}

export const useClosePeriod = () => usePeriodMutation(closePeriod);
