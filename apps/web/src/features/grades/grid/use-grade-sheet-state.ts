import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { GRADE_MSG, type GradeConflict, type GradeSheet } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { queryKeys } from '../../../lib/query-keys';
import { useSaveGrades } from '../api/save-grades';
import { readDrafts, writeDrafts } from './draft-storage';
import { countDrafts, type PastedCell } from './grid-model';
import { batchOf, countBad, initialSheetState, sheetReducer, storedGrades, valueAt, withSavedGrades } from './sheet-state';

export const OFFLINE_SAVE =
  'Sin conexión: las calificaciones no se enviaron. Siguen guardadas en este navegador; guárdalas cuando vuelva la conexión.';

export interface SheetFeedback {
  success: (message: string) => void;
  error: (message: string) => void;
}

/**
 * The grade sheet's unsaved work: typed grades (kept in the browser until saved), the version each was typed over,
 * the conflicts of the last save, and the save itself with its update of the cached sheet.
 */
export function useGradeSheetState(sheet: GradeSheet, teacherId: number, feedback: SheetFeedback) {
  const queryClient = useQueryClient();
  const assignmentId = sheet.assignment.id;
  const { students, activities } = sheet;
  const stored = useMemo(() => storedGrades(sheet), [sheet]);
  // Callbacks handed to the memoised rows read the stored grades through a ref, so they never change identity.
  const storedRef = useRef(stored);
  storedRef.current = stored;

  // Drafts come back from the browser's storage once, when the sheet opens (after a reload, a crash or a lost session).
  const [state, dispatch] = useReducer(sheetReducer, null, () => initialSheetState(readDrafts(teacherId, assignmentId)));
  const { drafts, versions } = state;
  useEffect(() => writeDrafts(teacherId, assignmentId, { drafts, versions }), [teacherId, assignmentId, drafts, versions]);

  const writeCell = useCallback((userId: number, activityId: number, text: string) => {
    dispatch({ type: 'write', cells: [{ userId, activityId, text, stored: storedRef.current[userId]?.[activityId] }] });
  }, []);
  const leaveCell = useCallback((userId: number, activityId: number) => dispatch({ type: 'leave', userId, activityId }), []);
  const paste = useCallback((cells: PastedCell[]) => {
    const writes = cells.flatMap((c) => {
      const userId = students[c.row]?.id;
      const activityId = activities[c.col]?.id;
      return userId === undefined || activityId === undefined ? [] : [{ userId, activityId, text: c.text, stored: storedRef.current[userId]?.[activityId] }];
    });
    dispatch({ type: 'write', cells: writes });
  }, [students, activities]);

  const valueOf = useCallback((userId: number, activityId: number) => valueAt(state, stored, userId, activityId), [state, stored]);
  const isEmpty = (userId: number, activityId: number) => valueOf(userId, activityId) === null && !drafts[userId]?.[activityId];
  const emptyCount = (activityId: number) => students.filter((s) => isEmpty(s.id, activityId)).length;
  const fillEmpty = (activityId: number, value: number) => {
    const cells = students.filter((s) => isEmpty(s.id, activityId)).map((s) => ({ userId: s.id, activityId, text: String(value), stored: stored[s.id]?.[activityId] }));
    dispatch({ type: 'write', cells });
  };

  const draftCount = countDrafts(drafts);
  const badCount = countBad(drafts);
  const mutation = useSaveGrades();
  const save = () => {
    const sent = batchOf(state, stored);
    if (!sent.length) {
      feedback.error(badCount ? 'Corrige las celdas marcadas: no son números entre 0 y 100.' : 'No hay calificaciones nuevas que guardar.');
      return;
    }
    if (!navigator.onLine) {
      feedback.error(OFFLINE_SAVE);
      return;
    }
    mutation.mutate({ calificaciones: sent.map(({ text: _text, ...g }) => g) }, {
      onSuccess: (res) => {
        dispatch({ type: 'saved', sent, conflicts: res.conflicts });
        queryClient.setQueryData<GradeSheet>(queryKeys.grades.sheet(assignmentId), (old) => (old ? withSavedGrades(old, res.saved) : old));
        if (res.conflicts.length) feedback.error(`${GRADE_MSG.someNotSaved} ${res.conflicts.length === 1 ? 'Una calificación cambió' : `${res.conflicts.length} calificaciones cambiaron`} en otro lugar desde que abriste la hoja; revísalas abajo.`);
        else feedback.success(res.message);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 0) feedback.error(OFFLINE_SAVE);
        else feedback.error(errorText(GRADE_MSG.someNotSaved, err));
      },
    });
  };

  return {
    ...state, stored, draftCount, badCount, valueOf, emptyCount,
    writeCell, leaveCell, paste, fillEmpty, save, saving: mutation.isPending,
    discardAll: () => dispatch({ type: 'discard' }),
    resolveConflict: (conflict: GradeConflict, keepMine: boolean) => dispatch({ type: 'resolve', conflict, keepMine }),
  };
}
