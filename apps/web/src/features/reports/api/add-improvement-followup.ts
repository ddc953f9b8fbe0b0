import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImprovementAction, ImprovementFollowupBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /reportes/acciones-mejora/{id}/seguimientos: what was done, with its date. */
export function useAddImprovementFollowup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ImprovementFollowupBody }) =>
      api<ImprovementAction>(`/reportes/acciones-mejora/${id}/seguimientos`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.improvementActions.all }),
  });
}
