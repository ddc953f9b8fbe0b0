import type { ImprovementAction, ImprovementFollowupBody } from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

const ADD_FOLLOWUP = declareWrite('POST /reportes/acciones-mejora/{id}/seguimientos', ['improvementActions']);

/** POST /reportes/acciones-mejora/{id}/seguimientos: what was done, with its date. */
export function useAddImprovementFollowup() {
  return useWrite(ADD_FOLLOWUP, ({ id, body }: { id: number; body: ImprovementFollowupBody }) =>
    api<ImprovementAction>(`/reportes/acciones-mejora/${id}/seguimientos`, { method: 'POST', body }),
  );
}
