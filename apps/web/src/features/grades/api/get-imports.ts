import { useQuery } from '@tanstack/react-query';
import type { GradeImport } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchImports(assignmentId: number): Promise<GradeImport[]> {
  return api<GradeImport[]>('/grade-history/imports', { query: { professor_subject_id: assignmentId } });
}

/** GET /grade-history/imports: the sheet's imports, newest first, with whether each was undone. */
export function useImports(assignmentId: number | null) {
  return useQuery({
    queryKey: queryKeys.grades.imports(assignmentId ?? 0),
    queryFn: () => fetchImports(assignmentId!),
    enabled: assignmentId !== null,
  });
}
