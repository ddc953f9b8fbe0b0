import { useCallback, useState } from 'react';
import type { Activity, GradeSheet, SheetStudent } from '@egreso/domain';
import type { CellPosition } from '../grid/grid-model';

/** The cell whose history is open, named as the dialog shows it. */
export interface HistoryTarget {
  userId: number;
  activityId: number;
  studentName: string;
  activityName: string;
}

/**
 * What the grade sheet has open around the grid: the focused cell (the toolbar's history and fill act on it), the
 * history of a grade, a student's attributes, the save confirmation and the fill dialog.
 */
export function useSheetDialogs(sheet: GradeSheet) {
  const { students, activities } = sheet;
  const [activeCell, setActiveCell] = useState<CellPosition | null>(null);
  const [historyOf, setHistoryOf] = useState<HistoryTarget | null>(null);
  const [attributesOf, setAttributesOf] = useState<SheetStudent | null>(null);
  const [confirmSave, setConfirmSave] = useState(false);
  const [fillOpen, setFillOpen] = useState(false);
  const openHistory = useCallback(
    (student: SheetStudent, activity: Activity) =>
      setHistoryOf({
        userId: student.id,
        activityId: activity.id,
        studentName: student.full_name,
        activityName: activity.activity_name,
      }),
    [],
  );
  return {
    active: activeCell ? { student: students[activeCell.row], activity: activities[activeCell.col] } : null,
    setActiveCell,
    historyOf,
    openHistory,
    closeHistory: () => setHistoryOf(null),
    attributesOf,
    setAttributesOf,
    confirmSave,
    setConfirmSave,
    fillOpen,
    setFillOpen,
  };
}

export type SheetDialogsState = ReturnType<typeof useSheetDialogs>;
