import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './api';

/** A save's input: an id to update that row, null to create one (one body type when create and update share it). */
export type SaveInput<CB, UB> = [CB, UB] extends [UB, CB]
  ? { id: number | null; body: CB }
  : { id: null; body: CB } | { id: number; body: UB };

/** Refreshes each resource a write changed, in order (keys are `queryKeys.<resource>.all`). */
function useRefresh(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return async () => {
    for (const queryKey of keys) await queryClient.invalidateQueries({ queryKey });
  };
}

/** POST `path` or PUT `path/{id}`, depending on whether an id is given; then the given resources are refreshed. */
export function useSaveResource<R, CB, UB = CB>(path: string, refresh: readonly QueryKey[]) {
  const onSuccess = useRefresh(refresh);
  return useMutation({
    mutationFn: (input: SaveInput<CB, UB>) => {
      const { id, body } = input as { id: number | null; body: CB | UB };
      return id === null ? api<R>(path, { method: 'POST', body }) : api<R>(`${path}/${id}`, { method: 'PUT', body });
    },
    onSuccess,
  });
}

/** DELETE `path/{id}`; then the given resources are refreshed. */
export function useDeleteResource(path: string, refresh: readonly QueryKey[]) {
  const onSuccess = useRefresh(refresh);
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}
