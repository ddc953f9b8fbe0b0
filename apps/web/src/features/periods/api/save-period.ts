import type { Period, PeriodCreateBody, PeriodUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { usePeriodMutation } from './period-mutation';

export function createPeriod(body: PeriodCreateBody): Promise<Period> {
  return api<Period>('/periods', { method: 'POST', body });
}

export function updatePeriod(id: number, body: PeriodUpdateBody): Promise<Period> {
  return api<Period>(`/periods/${id}`, { method: 'PUT', body });
}

export type SavePeriodInput = { id: null; body: PeriodCreateBody } | { id: number; body: PeriodUpdateBody };

/** POST /periods or PUT /periods/{id}. */
export function useSavePeriod() {
  return usePeriodMutation((input: SavePeriodInput) =>
    input.id === null ? createPeriod(input.body) : updatePeriod(input.id, input.body),
  );
}
