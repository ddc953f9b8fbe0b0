import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Career, CareerBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function createCareer(body: CareerBody): Promise<Career> {
  return api<Career>('/careers', { method: 'POST', body });
}

export function updateCareer(id: number, body: CareerBody): Promise<Career> {
  return api<Career>(`/careers/${id}`, { method: 'PUT', body });
}

/** POST /careers or PUT /careers/{id}, depending on whether an id is given. */
export function useSaveCareer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CareerBody }) => (id === null ? createCareer(body) : updateCareer(id, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.careers.all }),
  });
}
