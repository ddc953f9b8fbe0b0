import { useQuery } from '@tanstack/react-query';
import type { CopySource, RubricCopyBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';
import { queryKeys } from '../../../lib/query-keys';

/** GET /rubrics/copy-sources: the teacher's other assignments of the same subject that have a rubric. */
export function useCopySources(assignmentId: number | null) {
  return useQuery({
    queryKey: queryKeys.rubrics.copySources(assignmentId ?? 0),
    queryFn: () => api<CopySource[]>('/rubrics/copy-sources', { query: { professor_subject_id: assignmentId } }),
    enabled: assignmentId !== null,
  });
}

const COPY_RUBRIC = declareWrite('POST /rubrics/copy', ['rubrics']);

/** POST /rubrics/copy: replaces the target's rubric with a copy of the source's. */
export function useCopyRubric() {
  return useWrite(COPY_RUBRIC, (body: RubricCopyBody) =>
    api<{ rubric_id: number; criteria: number; indicators: number }>('/rubrics/copy', { method: 'POST', body }),
  );
}
