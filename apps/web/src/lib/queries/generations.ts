import { useQuery } from '@tanstack/react-query';
import type { Generation } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export function fetchGenerations(): Promise<Generation[]> {
  return api<Generation[]>('/generations');
}

/** GET /generations, by start date; the Desde/Hasta filters apply on the client. */
export function useGenerations() {
  return useQuery({ queryKey: queryKeys.generations.list(), queryFn: fetchGenerations });
}
