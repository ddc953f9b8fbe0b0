import type { ActivityBulkBody, ActivityBulkResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function saveActivities(body: ActivityBulkBody): Promise<ActivityBulkResult> {
  return api<ActivityBulkResult>('/activities/bulk-upsert', { method: 'POST', body });
}

const SAVE_ACTIVITIES = declareWrite('POST /activities/bulk-upsert', ['activities']);

/** POST /activities/bulk-upsert: weights and attribute links change the ratings, so every grade view too. */
export const useSaveActivities = () => useWrite(SAVE_ACTIVITIES, saveActivities, { background: true });
