import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subject, SubjectBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createSubject(body: SubjectBody): Promise<Subject> {
  return api<Subject>('/subjects', { method: 'POST', body });
}

export function updateSubject(id: number, body: SubjectBody): Promise<Subject> {
  return api<Subject>(`/subjects/${id}`, { method: 'PUT', body });
}

/** POST /subjects or PUT /subjects/{id}; the subject-semester relations and assignment chips follow. */
export function useSaveSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SubjectBody }) => (id === null ? createSubject(body) : updateSubject(id, body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.assignments.all });
    },
  });
}
