import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attribute, AttributeCreateBody, AttributeUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createAttribute(body: AttributeCreateBody): Promise<Attribute> {
  return api<Attribute>('/attributes', { method: 'POST', body });
}

export function updateAttribute(id: number, body: AttributeUpdateBody): Promise<Attribute> {
  return api<Attribute>(`/attributes/${id}`, { method: 'PUT', body });
}

/** POST /attributes or PUT /attributes/{id}; subjects show attribute names, so they are refreshed too. */
export function useSaveAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: AttributeCreateBody } | { id: number; body: AttributeUpdateBody }) =>
      (input.id === null ? createAttribute(input.body) : updateAttribute(input.id, input.body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.attributes.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}
