import type { Assignment, AssignmentCreateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** POST /professorsubjects: the period defaults to the active one on the server. */
export function createAssignment(body: AssignmentCreateBody): Promise<Assignment> {
  return api<Assignment>('/professorsubjects', { method: 'POST', body });
}

/** An assignment's subject, group and period are those of its grades in every report. */
const CREATE_ASSIGNMENT = declareWrite('POST /professorsubjects', ['assignments']);

export const useCreateAssignment = () => useWrite(CREATE_ASSIGNMENT, createAssignment);
