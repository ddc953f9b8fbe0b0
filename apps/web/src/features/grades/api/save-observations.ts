import type { ObservationBatchBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function saveObservations(body: ObservationBatchBody): Promise<{ message: string; saved: number }> {
  return api('/userattribute-observations/batch', { method: 'POST', body });
}

const SAVE_OBSERVATIONS = declareWrite('POST /userattribute-observations/batch', ['observations']);

/** POST /userattribute-observations/batch: the observations and the views that show them are refreshed. */
export const useSaveObservations = () => useWrite(SAVE_OBSERVATIONS, saveObservations);
