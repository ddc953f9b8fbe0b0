import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Indicator, IndicatorCreateBody, IndicatorUpdateBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type SaveIndicator = { id: null; body: IndicatorCreateBody } | { id: number; body: IndicatorUpdateBody };

export function saveIndicator(input: SaveIndicator): Promise<Indicator> {
  return input.id === null
    ? api<Indicator>('/indicators', { method: 'POST', body: input.body })
    : api<Indicator>(`/indicators/${input.id}`, { method: 'PUT', body: input.body });
}

/** POST /indicators or PUT /indicators/{id}. */
export function useSaveIndicator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIndicator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.all }),
  });
}
