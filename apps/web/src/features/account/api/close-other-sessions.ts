import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export interface ClosedSessions {
  message: string;
  closed: number;
}

const CLOSE_OTHER_SESSIONS = declareWrite('POST /logout-others', ['credentials']);

/** POST /logout-others: the account's other sessions end, this one stays; the answer says how many closed. */
export const useCloseOtherSessions = () =>
  useWrite(CLOSE_OTHER_SESSIONS, () => api<ClosedSessions>('/logout-others', { method: 'POST' }));
