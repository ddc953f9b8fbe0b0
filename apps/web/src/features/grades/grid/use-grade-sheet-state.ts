import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { GRADE_MSG, type GradeConflict, type GradeSheet } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { queryKeys } from '../../../lib/query-keys';
import { useSaveGrades } from '../api/save-grades';
import { readDrafts, writeDrafts } from './draft-storage';
import { cellText, countDrafts, type PlacedBlock } from './grid-model';
import { conflictMessage, savedMessage, type HeldBack } from './save-texts';
import {
  askedCells,
  badCells,
  batchOf,
  countBad,
  initialSheetState,
  sheetReducer,
  storedGrades,
  valueAt,
  withSavedGrades,
  keptCells,
  type CellNote,
  type CellRef,
  type CellWrite,
  type StoredGrades,
} from './sheet-state';

export const OFFLINE_SAVE =
  'Sin conexión: las calificaciones no se enviaron. Siguen guardadas en este navegador; guárdalas cuando vuelva la conexión.';

export interface SheetFeedback {
  success: (message: string) => void;
  error: (message: string) => void;
  /** An outcome that is neither: a save that went through for some cells while others conflicted. */
  warning: (title: string, message: string) => void;
}

function cellWrite(stored: StoredGrades, userId: number, activityId: number, text: string): CellWrite {
  return { userId, activityId, text, stored: stored[userId]?.[activityId] };
}

/** Why a save sends nothing: 0-10 look-alikes awaiting an answer, cells that are not grades, or nothing new. */
export function nothingToSendMessage(waiting: number, badCount: number): string {
  if (waiting) return 'Responde primero si las calificaciones marcadas son de 0 a 10.';
  if (badCount) return 'Corrige las celdas marcadas: no son números entre 0 y 100.';
  return 'No hay calificaciones nuevas que guardar.';
}

/**
 * The save of the reviewed sheet: refused with a reason when there is nothing to send or no connection; otherwise
 * sent, the cached sheet updated with what the server stored, and the outcome reported with the server's counts.
 */
function useSheetSave(
  mutation: ReturnType<typeof useSaveGrades>,
  dispatch: React.Dispatch<Parameters<typeof sheetReducer>[1]>,
  { assignmentId, feedback, badCount }: { assignmentId: number; feedback: SheetFeedback; badCount: number },
) {
  const queryClient = useQueryClient();
  return (sent: ReturnType<typeof batchOf>, held: HeldBack) => {
    if (!sent.length) {
      feedback.error(nothingToSendMessage(held.asked.length, badCount));
      return;
    }
    if (!navigator.onLine) {
      feedback.error(OFFLINE_SAVE);
      return;
    }
    mutation.mutate(
      { calificaciones: sent.map(({ text: _text, ...g }) => g) },
      {
        onSuccess: (res) => {
          dispatch({ type: 'saved', sent, conflicts: res.conflicts });
          queryClient.setQueryData<GradeSheet>(queryKeys.grades.sheet(assignmentId), (old) =>
            old ? withSavedGrades(old, res.saved) : old,
          );
          // The counts are the server's: what it stored, what already held that value, what conflicted.
          if (res.conflicts.length) {
            const { title, message } = conflictMessage(res.saved.length, res.conflicts.length, held);
            feedback.warning(title, message);
          } else
            feedback.success(
              savedMessage({ message: res.message, saved: res.saved.length, unchanged: res.unchanged }, held),
            );
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 0) feedback.error(OFFLINE_SAVE);
          else feedback.error(errorText(GRADE_MSG.someNotSaved, err));
        },
      },
    );
  };
}

/**
 * The grade sheet's unsaved work: typed grades (kept in the browser until saved), the version each was typed over,
 * the conflicts of the last save, and the save itself with its update of the cached sheet.
 */
export function useGradeSheetState(sheet: GradeSheet, teacherId: number, feedback: SheetFeedback) {
  const assignmentId = sheet.assignment.id;
  const { students, activities } = sheet;
  const stored = useMemo(() => storedGrades(sheet), [sheet]);
  // Callbacks handed to the memoised rows read the stored grades through a ref, so they never change identity.
  const storedRef = useRef(stored);
  storedRef.current = stored;
  // The sheet's grades, against which a typed value is judged a possible 0-10 grade.
  const sheetValues = useMemo(
    () => sheet.grades.flatMap((g) => (g.qualification === null ? [] : [g.qualification])),
    [sheet],
  );
  const sheetValuesRef = useRef(sheetValues);
  sheetValuesRef.current = sheetValues;

  // Drafts come back from the browser's storage once, when the sheet opens (after a reload, a crash or a lost session).
  // A recovered 0-10 look-alike is asked about again at once; an answer already given ('Dejar 8.5') is kept.
  const [state, dispatch] = useReducer(sheetReducer, null, () =>
    initialSheetState(readDrafts(teacherId, assignmentId), sheetValues),
  );
  const { drafts, versions, notes } = state;
  const kept = useMemo(() => keptCells(notes), [notes]);
  useEffect(
    () => writeDrafts(teacherId, assignmentId, { drafts, versions, ...(Object.keys(kept).length ? { kept } : {}) }),
    [teacherId, assignmentId, drafts, versions, kept],
  );

  const writeCell = useCallback(
    (userId: number, activityId: number, text: string) =>
      dispatch({ type: 'type', cell: cellWrite(storedRef.current, userId, activityId, text) }),
    [],
  );
  const leaveCell = useCallback(
    (userId: number, activityId: number) =>
      dispatch({ type: 'leave', userId, activityId, sheetValues: sheetValuesRef.current }),
    [],
  );
  const paste = useCallback(
    (block: PlacedBlock) => {
      const cells = block.cells.flatMap((c) => {
        const userId = students[c.row]?.id;
        const activityId = activities[c.col]?.id;
        return userId === undefined || activityId === undefined
          ? []
          : [cellWrite(storedRef.current, userId, activityId, c.text)];
      });
      dispatch({ type: 'paste', cells, cut: block.cut, sheetValues: sheetValuesRef.current });
    },
    [students, activities],
  );

  const valueOf = useCallback(
    (userId: number, activityId: number) => valueAt(state, stored, userId, activityId),
    [state, stored],
  );
  const isEmpty = (userId: number, activityId: number) =>
    valueOf(userId, activityId) === null && !drafts[userId]?.[activityId];
  const emptyCount = (activityId: number) => students.filter((s) => isEmpty(s.id, activityId)).length;
  const fillEmpty = (activityId: number, value: number) => {
    const cells = students
      .filter((s) => isEmpty(s.id, activityId))
      .map((s) => cellWrite(stored, s.id, activityId, String(value)));
    dispatch({ type: 'fill', cells, sheetValues });
  };
  const asked = askedCells(state.notes);

  const draftCount = countDrafts(drafts);
  const badCount = countBad(drafts);
  // What a save would send and hold back right now: a grade that looks like 0-10 is asked about before it is saved,
  // even one typed and never left, so the counts are those of the sheet once reviewed.
  const reviewed = useMemo(() => sheetReducer(state, { type: 'review', sheetValues }), [state, sheetValues]);
  const sendable = useMemo(() => batchOf(reviewed, stored), [reviewed, stored]);
  const heldBack = useMemo((): HeldBack => {
    const named = (c: CellRef, text: string) => ({
      text,
      student: students.find((x) => x.id === c.userId)?.full_name ?? '',
      activity: activities.find((x) => x.id === c.activityId)?.activity_name ?? '',
    });
    return {
      bad: badCells(reviewed.drafts).map((c) => named(c, `«${c.text}»`)),
      asked: askedCells(reviewed.notes).map((c) => named(c, cellText(c.value))),
    };
  }, [reviewed, students, activities]);
  /** Marks the 0-10 look-alikes before the save is confirmed; true when there is something to send. */
  const review = () => {
    if (reviewed !== state) dispatch({ type: 'review', sheetValues });
    return sendable.length > 0;
  };
  const mutation = useSaveGrades();
  const save = useSheetSave(mutation, dispatch, { assignmentId, feedback, badCount });
  return {
    ...state,
    stored,
    draftCount,
    badCount,
    sendCount: sendable.length,
    heldBack,
    review,
    valueOf,
    emptyCount,
    asked,
    writeCell,
    leaveCell,
    paste,
    fillEmpty,
    save: () => {
      if (reviewed !== state) dispatch({ type: 'review', sheetValues });
      save(sendable, heldBack);
    },
    saving: mutation.isPending,
    answer: useCallback((cells: CellRef[], timesTen: boolean) => dispatch({ type: 'answer', cells, timesTen }), []),
    restoreCell: useCallback(
      (cell: CellRef, draft: string | undefined, note: CellNote | undefined) =>
        dispatch({ type: 'restore', cell, draft, note }),
      [],
    ),
    dismissNotice: () => dispatch({ type: 'dismissNotice' }),
    discardAll: () => dispatch({ type: 'discard' }),
    resolveConflict: (conflict: GradeConflict, keepMine: boolean) => dispatch({ type: 'resolve', conflict, keepMine }),
  };
}
