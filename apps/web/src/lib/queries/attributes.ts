import { useQuery } from '@tanstack/react-query';
import type { Attribute } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** GET /attributes, sorted by name with Spanish collation by the server. */
export function fetchAttributes(): Promise<Attribute[]> {
  return api<Attribute[]>('/attributes');
}

export function useAttributes() {
  return useQuery({ queryKey: queryKeys.attributes.list(), queryFn: fetchAttributes });
}
