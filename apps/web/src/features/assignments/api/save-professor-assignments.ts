import type { AssignmentBulkBody, AssignmentBulkResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** PUT /professorsubjects/by-professor/{userId}: the server keeps, deletes and creates by comparison, in one transaction. */
export function saveProfessorAssignments(userId: number, body: AssignmentBulkBody): Promise<AssignmentBulkResult> {
  return api<AssignmentBulkResult>(`/professorsubjects/by-professor/${userId}`, { method: 'PUT', body });
}

const SAVE_ASSIGNMENTS = declareWrite('PUT /professorsubjects/by-professor/{userId}', ['assignments']);

export const useSaveProfessorAssignments = () =>
  useWrite(SAVE_ASSIGNMENTS, ({ userId, body }: { userId: number; body: AssignmentBulkBody }) =>
    saveProfessorAssignments(userId, body),
  );
