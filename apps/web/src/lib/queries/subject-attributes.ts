import { useQuery } from '@tanstack/react-query';
import type { SubjectAttribute } from '@egreso/domain';
import { api } from '../api';
import { queryKeys } from '../query-keys';

export function fetchSubjectAttributes(subjectId: number): Promise<SubjectAttribute[]> {
  return api<SubjectAttribute[]>(`/subjects/${subjectId}/attributes`);
}

/** GET /subjects/{id}/attributes: one checkbox column per attribute in the matrix. */
export function useSubjectAttributes(subjectId: number | null) {
  return useQuery({
    queryKey: queryKeys.subjectAttributes.list(subjectId ?? 0),
    queryFn: () => fetchSubjectAttributes(subjectId!),
    enabled: subjectId !== null,
  });
}
