import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoImportResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { invalidateGradeViews } from '../../../lib/query-keys';

export function undoImport(batchId: string): Promise<UndoImportResult> {
  return api<UndoImportResult>(`/grade-history/imports/${encodeURIComponent(batchId)}/undo`, { method: 'POST' });
}

/** POST /grade-history/imports/{batchId}/undo: the grades go back, so every view computed from them is refreshed. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: () => invalidateGradeViews(queryClient),
  });
}
