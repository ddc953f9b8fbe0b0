import { useState } from 'react';
import { formatGrade, type GradeHistoryEntry, type RestoreGradeResult } from '@egreso/domain';
import { errorText } from '../../../lib/errors';
import { useCellHistory } from '../api/get-cell-history';
import { useRestoreGrade } from '../api/restore-grade';

/** A value the history offers to restore: the one an entry set ('after'), or the one before the oldest ('before'). */
export interface RestoreChoice {
  entryId: number;
  value: 'after' | 'before';
  qualification: number | null;
}

export interface HistoryCell {
  activityId: number;
  userId: number;
  studentName: string;
  activityName: string;
  /** The grade as the sheet shows it now: its value and the version a restore sends (0 when none is stored). */
  current: { qualification: number | null; version: number };
  /** A value typed in this cell and not saved yet. */
  draft?: string;
}

/** A grade as the history says it: 'vacía' when there is none. */
export const gradeOrEmpty = (v: number | null) => formatGrade(v, 'vacía');

/** The value an entry set. */
export const choiceOf = (h: GradeHistoryEntry): RestoreChoice => ({
  entryId: h.id,
  value: 'after',
  qualification: h.after,
});

/** The value before the oldest recorded change, when there is one. */
export function initialChoice(rows: readonly GradeHistoryEntry[]): RestoreChoice | null {
  const oldest = rows.at(-1);
  return oldest ? { entryId: oldest.id, value: 'before', qualification: oldest.before } : null;
}

/** The confirmation's question: what the grade goes back to, and what it is now. */
export function restoreQuestion(cell: HistoryCell | null, asked: RestoreChoice | null): string {
  if (!asked) return '';
  const current = cell?.current.qualification ?? null;
  return `¿Restaurar la calificación de ${cell?.studentName ?? ''} en ${cell?.activityName ?? ''} a ${gradeOrEmpty(asked.qualification)}? Ahora es ${gradeOrEmpty(current)}; el cambio quedará en el historial como «restauración».`;
}

/**
 * The state of a grade's history: its entries, the restore asked for and confirmed (sent with the version the sheet
 * shows, so a change made elsewhere is caught), its outcome, and retrying the last one tried.
 */
export function useCellHistoryState(cell: HistoryCell | null, assignmentId: number, onClose: () => void) {
  const history = useCellHistory(cell ? { activityId: cell.activityId, userId: cell.userId } : null);
  const restore = useRestoreGrade(assignmentId);
  const [asked, setAsked] = useState<RestoreChoice | null>(null);
  const [result, setResult] = useState<RestoreGradeResult | null>(null);
  const [tried, setTried] = useState<RestoreChoice | null>(null);
  const rows = history.data ?? [];

  const send = (choice: RestoreChoice) => {
    if (!cell) return;
    setAsked(null);
    setTried(choice);
    setResult(null);
    restore.mutate(
      { entryId: choice.entryId, value: choice.value, version: cell.current.version },
      { onSuccess: setResult },
    );
  };

  return {
    history,
    rows,
    initial: initialChoice(rows),
    current: cell?.current.qualification ?? null,
    asked,
    ask: setAsked,
    cancel: () => setAsked(null),
    confirm: () => asked && send(asked),
    result,
    keepCurrent: () => setResult(null),
    retry: () => tried && send(tried),
    restoring: restore.isPending,
    restoreError: restore.isError ? errorText('No se pudo restaurar la calificación', restore.error) : null,
    close: () => {
      setAsked(null);
      setResult(null);
      setTried(null);
      restore.reset();
      onClose();
    },
  };
}

export type CellHistoryState = ReturnType<typeof useCellHistoryState>;
