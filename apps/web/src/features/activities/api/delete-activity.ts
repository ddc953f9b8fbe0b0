import type { ActivityDeleteResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function deleteActivity(id: number): Promise<ActivityDeleteResult> {
  return api<ActivityDeleteResult>(`/activities/${id}`, { method: 'DELETE' });
}

const DELETE_ACTIVITY = declareWrite('DELETE /activities/{id}', ['activities', 'grades']);

/** DELETE /activities/{id}: its grades go to the history, so every view computed from grades changes. */
export const useDeleteActivity = () => useWrite(DELETE_ACTIVITY, deleteActivity, { background: true });
