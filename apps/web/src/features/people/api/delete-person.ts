import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** DELETE /users/{id}: 409 with advice (e.g. change the student to Baja) when the person has history. */
export function deletePerson(id: number): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/${id}`, { method: 'DELETE' });
}

const DELETE_PERSON = declareWrite('DELETE /users/{id}', ['users', 'memberships']);

export const useDeletePerson = () => useWrite(DELETE_PERSON, deletePerson);
