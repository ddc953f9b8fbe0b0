import { api } from './api';
import { useWrite, type Write } from './cache';

/** A save's input: an id to update that row, null to create one (one body type when create and update share it). */
export type SaveInput<CB, UB> = [CB, UB] extends [UB, CB]
  ? { id: number | null; body: CB }
  : { id: null; body: CB } | { id: number; body: UB };

/** POST `path` or PUT `path/{id}`, depending on whether an id is given; then what `write` changes is refreshed. */
export function useSaveResource<R, CB, UB = CB>(path: string, write: Write) {
  return useWrite(write, (input: SaveInput<CB, UB>) => {
    const { id, body } = input as { id: number | null; body: CB | UB };
    return id === null ? api<R>(path, { method: 'POST', body }) : api<R>(`${path}/${id}`, { method: 'PUT', body });
  });
}

/** DELETE `path/{id}`; then what `write` changes is refreshed. */
export function useDeleteResource(path: string, write: Write) {
  return useWrite(write, (id: number) => api<{ message: string }>(`${path}/${id}`, { method: 'DELETE' }));
}
