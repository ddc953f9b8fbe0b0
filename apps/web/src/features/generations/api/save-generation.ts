import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Generation, GenerationUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createGeneration(body: GenerationUpdateBody): Promise<Generation> {
  return api<Generation>('/generations', { method: 'POST', body });
}

export function updateGeneration(id: number, body: GenerationUpdateBody): Promise<Generation> {
  return api<Generation>(`/generations/${id}`, { method: 'PUT', body });
}

/** POST /generations or PUT /generations/{id}, both with start_date and end_date. */
export function useSaveGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: GenerationUpdateBody }) =>
      input.id === null ? createGeneration(input.body) : updateGeneration(input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.generations.all }),
  });
}
