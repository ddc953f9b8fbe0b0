import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attribute, AttributeCreateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createAttribute(body: AttributeCreateBody): Promise<Attribute> {
  return api<Attribute>('/attributes', { method: 'POST', body });
}

export function updateAttribute(id: number, body: AttributeCreateBody): Promise<Attribute> {
  return api<Attribute>(`/attributes/${id}`, { method: 'PUT', body });
}

/** POST /attributes or PUT /attributes/{id}; subjects show attribute names, so they are refreshed too. */
export function useSaveAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AttributeCreateBody }) => (id === null ? createAttribute(body) : updateAttribute(id, body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.attributes.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}
