import type { UndoImportResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function undoImport(batchId: string): Promise<UndoImportResult> {
  return api<UndoImportResult>(`/grade-history/imports/${encodeURIComponent(batchId)}/undo`, { method: 'POST' });
}

const UNDO_IMPORT = declareWrite('POST /grade-history/imports/{batchId}/undo', ['grades']);

/** POST /grade-history/imports/{batchId}/undo: the grades go back, so every view computed from them is refreshed. */
export const useUndoImport = () => useWrite(UNDO_IMPORT, undoImport);
