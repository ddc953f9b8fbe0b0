import { useQuery } from '@tanstack/react-query';
import type { SubjectAttribute } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchSubjectAttributes(subjectId: number): Promise<SubjectAttribute[]> {
  return api<SubjectAttribute[]>(`/subjects/${subjectId}/attributes`);
}

/** GET /subjects/{id}/attributes: the attributes of one subject; nothing while no specific subject is chosen. */
export function useSubjectAttributes(subjectId: number | null) {
  return useQuery({
    queryKey: queryKeys.subjectAttributes.list(subjectId ?? 0),
    queryFn: () => fetchSubjectAttributes(subjectId!),
    enabled: subjectId !== null,
  });
}
