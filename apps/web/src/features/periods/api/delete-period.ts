import { api } from '../../../lib/api';
import { usePeriodMutation } from './period-mutation';

export function deletePeriod(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/periods/${id}`, { method: 'DELETE' });
}

export const useDeletePeriod = () => usePeriodMutation(deletePeriod);
