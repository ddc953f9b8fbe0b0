import { useQueryClient } from '@tanstack/react-query';
import type { GradeSheet, RestoreGradeBody, RestoreGradeResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';
import { queryKeys } from '../../../lib/query-keys';
import { withSavedGrades } from '../grid/sheet-state';

export type RestoreGradeRequest = RestoreGradeBody & { entryId: number };

export function restoreGrade({ entryId, ...body }: RestoreGradeRequest): Promise<RestoreGradeResult> {
  return api<RestoreGradeResult>(`/grade-history/${entryId}/restore`, { method: 'POST', body });
}

const RESTORE_GRADE = declareWrite('POST /grade-history/{id}/restore', ['grades']);

/**
 * POST /grade-history/{id}/restore: the cached sheet takes the grade as the server now has it (restored, or the one
 * that conflicted), so its version is the one the next restore or save sends; the teacher's drafts are not touched.
 * Every view computed from grades, the cell's history among them, is refreshed.
 */
export function useRestoreGrade(assignmentId: number) {
  const queryClient = useQueryClient();
  return useWrite(RESTORE_GRADE, restoreGrade, {
    background: true,
    onSuccess: (res) => {
      if (res.outcome === 'unchanged') return;
      queryClient.setQueryData<GradeSheet>(queryKeys.grades.sheet(assignmentId), (old) =>
        old ? withSavedGrades(old, [res.grade]) : old,
      );
    },
  });
}
