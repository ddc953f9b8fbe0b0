import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ClosedSessions {
  message: string;
  closed: number;
}

/** POST /logout-others: the account's other sessions end, this one stays; the answer says how many closed. */
export function useCloseOtherSessions() {
  return useMutation({ mutationFn: () => api<ClosedSessions>('/logout-others', { method: 'POST' }) });
}
