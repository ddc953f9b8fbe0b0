import type { UserGeneration } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** PUT /students/{id}/status: the status of the student's latest generation link (409 without one). */
export function setStudentStatus({ id, active }: { id: number; active: number }): Promise<UserGeneration> {
  return api<UserGeneration>(`/students/${id}/status`, { method: 'PUT', body: { active } });
}

const SET_STATUS = declareWrite('PUT /students/{id}/status', ['statuses']);

/** The change is recorded in the status history, which the performance indices read. */
export const useSetStudentStatus = () => useWrite(SET_STATUS, setStudentStatus);
