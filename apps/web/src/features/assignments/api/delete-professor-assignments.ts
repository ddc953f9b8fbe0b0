import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** DELETE /professorsubjects/by-professor/{userId}: all of the teacher's assignments of the active period. */
export function deleteProfessorAssignments(userId: number): Promise<{ message: string; deleted: number }> {
  return api<{ message: string; deleted: number }>(`/professorsubjects/by-professor/${userId}`, { method: 'DELETE' });
}

const DELETE_ASSIGNMENTS = declareWrite('DELETE /professorsubjects/by-professor/{userId}', ['assignments']);

export const useDeleteProfessorAssignments = () => useWrite(DELETE_ASSIGNMENTS, deleteProfessorAssignments);
