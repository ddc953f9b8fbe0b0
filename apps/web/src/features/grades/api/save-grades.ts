import type { GradeBatchBody, GradeBatchResult } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

export function saveGrades(body: GradeBatchBody): Promise<GradeBatchResult> {
  return api<GradeBatchResult>('/profesor/calificar/actividades/batch', { method: 'POST', body });
}

const SAVE_GRADES = declareWrite('POST /profesor/calificar/actividades/batch', ['grades']);

/**
 * POST /profesor/calificar/actividades/batch: conflicts come back per cell; the sheet is reloaded for the finals, and
 * every view computed from grades is refreshed.
 */
export const useSaveGrades = () => useWrite(SAVE_GRADES, saveGrades, { background: true });
