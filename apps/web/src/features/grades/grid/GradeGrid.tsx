import { Button, Text } from '@mantine/core';
import { memo, useCallback, useRef } from 'react';
import { TenScaleQuestion } from '../components/TenScaleQuestion';
import { useSheetCellEditing, type SheetCells } from './cell-editing';
import {
  finalGrade,
  formatGrade,
  gradeBand,
  type Activity,
  type GradeConflict,
  type SheetStudent,
} from '@egreso/domain';
import {
  cellText,
  isBlock,
  nextCell,
  parseClipboardBlock,
  parseGrade,
  placeBlock,
  type CellPosition,
  type PlacedBlock,
} from './grid-model';
import classes from './GradeGrid.module.css';
import type { CellNote, CellRef, Notes, StoredRow } from './sheet-state';

export type { StoredRow } from './sheet-state';

interface GridProps {
  students: SheetStudent[];
  activities: Activity[];
  stored: Record<number, StoredRow>;
  drafts: Record<number, Record<number, string>>;
  conflicts: Record<number, Record<number, GradeConflict>>;
  /** What the sheet says about typed cells (clamped, refused, asked about), marked on them. */
  notes?: Notes;
  readOnly: boolean;
  onCellChange: (userId: number, activityId: number, text: string) => void;
  onPaste: (block: PlacedBlock) => void;
  onFocusCell: (cell: CellPosition) => void;
  /** The cursor left a cell: an emptied cell goes back to its stored grade (grades cannot be cleared from the grid). */
  onCellLeave: (userId: number, activityId: number) => void;
  /** Escape: the cell goes back to what it held when the cursor entered it. */
  onCellRestore: (cell: CellRef, draft: string | undefined, note: CellNote | undefined) => void;
  /** The answer to 'is this a 0-10 grade?', given next to the cell. */
  onAnswer: (cells: CellRef[], timesTen: boolean) => void;
  onOpenAttributes: (student: SheetStudent) => void;
}

const EMPTY_ROW = {};

/**
 * A typed cell's grade as a save would send it, or null when the save holds the cell back: text that is not a number,
 * an emptied cell, or a 0-10 look-alike waiting for its answer.
 */
function sentValue(text: string, note: CellNote | undefined): number | null {
  const p = parseGrade(text);
  return p.bad || note?.kind === 'ask' ? null : p.value;
}

/**
 * The tenths-exact final of a student as a save would leave it: the typed grades a save sends over the stored ones; a
 * cell held back (not a number, or asked about as 0-10) counts with its stored grade until it is answered or corrected.
 */
export function liveFinal(
  activities: readonly Activity[],
  storedRow: StoredRow | undefined,
  draftRow: Record<number, string> | undefined,
  noteRow?: Record<number, CellNote>,
): number | null {
  return finalGrade(activities, (id) => {
    const text = draftRow?.[id];
    const sent = text === undefined ? null : sentValue(text, noteRow?.[id]);
    return sent ?? storedRow?.[id]?.qualification ?? null;
  });
}

/** Whether a student's live final counts a grade not saved yet (a held-back cell does not count). */
export function finalHasUnsaved(
  draftRow: Record<number, string> | undefined,
  noteRow: Record<number, CellNote> | undefined,
): boolean {
  return Object.entries(draftRow ?? {}).some(([id, text]) => sentValue(text, noteRow?.[Number(id)]) !== null);
}

/** The words a cell's mark carries (its title and its accessible description). */
export function noteText(note: CellNote | undefined): string | undefined {
  if (!note) return undefined;
  switch (note.kind) {
    case 'clamped':
      return `${note.from} se ajustó a ${note.to}`;
    case 'refused':
      return `${note.text} no es un número: no se guardará`;
    case 'ask':
      return `¿${cellText(note.value)} es de 0 a 10? Responde junto a la celda antes de guardar`;
    case 'kept':
      return undefined;
  }
}

function cellId(row: number, col: number) {
  return `celda-${row}-${col}`;
}

/** The weight of an activity in the final grade, as every screen names it: a relative weight, not a percentage. */
export function weightLabel(ponderation: number): string {
  return `Peso ${ponderation}`;
}

/** The weight's real share of the final grade: ponderation over the sum of the sheet's ponderations. */
export function weightTitle(activity: Activity, activities: readonly Activity[]): string {
  const total = activities.reduce((n, a) => n + a.ponderation, 0);
  const share = total > 0 ? Math.round((activity.ponderation / total) * 1000) / 10 : 0;
  return `${activity.activity_name} · peso ${activity.ponderation} de ${total} (${share} % del final)`;
}

interface RowProps {
  student: SheetStudent;
  rowIndex: number;
  activities: Activity[];
  storedRow: StoredRow | undefined;
  draftRow: Record<number, string> | undefined;
  conflictRow: Record<number, GradeConflict> | undefined;
  noteRow: Record<number, CellNote> | undefined;
  readOnly: boolean;
  onCellChange: GridProps['onCellChange'];
  onAnswer: GridProps['onAnswer'];
  onOpenAttributes: GridProps['onOpenAttributes'];
  /** Columns of the whole table, for the row of questions under a student's row. */
  span: number;
}

/** One student's row: re-renders only when that student's grades, drafts or conflicts change. */
const GradeRow = memo(function GradeRow({
  student,
  rowIndex,
  activities,
  storedRow,
  draftRow,
  conflictRow,
  noteRow,
  readOnly,
  onCellChange,
  onAnswer,
  onOpenAttributes,
  span,
}: RowProps) {
  const final = liveFinal(activities, storedRow, draftRow, noteRow);
  const dirty = finalHasUnsaved(draftRow, noteRow);
  const band = gradeBand(final);
  const asked = activities.flatMap((a) => {
    const n = noteRow?.[a.id];
    return n?.kind === 'ask' ? [{ activity: a, value: n.value }] : [];
  });
  return (
    <>
      <tr>
        <th scope="row" className={classes.name}>
          <span className={classes.nameText}>{student.full_name}</span>
        </th>
        <td className={classes.matricula}>{student.controlnumber ?? ''}</td>
        {activities.map((a, col) => {
          const stored = storedRow?.[a.id];
          const draft = draftRow?.[a.id];
          const conflict = conflictRow?.[a.id];
          const note = noteRow?.[a.id];
          const text = draft ?? cellText(stored?.qualification);
          const bad = draft !== undefined && parseGrade(draft).bad;
          const state = conflict
            ? 'conflict'
            : bad
              ? 'bad'
              : note?.kind === 'ask' || note?.kind === 'clamped'
                ? note.kind
                : draft !== undefined
                  ? 'changed'
                  : undefined;
          return (
            <td key={a.id} className={classes.cell} data-state={state}>
              <input
                id={cellId(rowIndex, col)}
                className={classes.input}
                data-row={rowIndex}
                data-col={col}
                value={text}
                inputMode="decimal"
                autoComplete="off"
                readOnly={readOnly}
                aria-label={`${a.activity_name}, ${student.full_name}`}
                aria-invalid={bad || undefined}
                title={
                  conflict
                    ? `Cambió en otro lugar: ahora ${formatGrade(conflict.qualification, 'vacía')}`
                    : (noteText(note) ?? (bad ? 'No es un número' : undefined))
                }
                onChange={(e) => onCellChange(student.id, a.id, e.currentTarget.value)}
              />
            </td>
          );
        })}
        <td className={classes.final} data-band={band}>
          <span aria-label={dirty ? `Final sin guardar ${formatGrade(final)}` : undefined}>{formatGrade(final)}</span>
          {dirty ? (
            <span className={classes.unsavedDot} aria-hidden>
              •
            </span>
          ) : null}
        </td>
        <td className={classes.actions}>
          <Button size="compact-xs" variant="light" onClick={() => onOpenAttributes(student)}>
            Ver calificaciones
          </Button>
        </td>
      </tr>
      {asked.length ? (
        <tr className={classes.questionRow}>
          <td colSpan={span}>
            <div className={classes.questions}>
              {asked.map(({ activity, value }) => (
                <TenScaleQuestion
                  key={activity.id}
                  value={value}
                  where={`${activity.activity_name}, ${student.full_name}`}
                  label={activity.activity_name}
                  onAnswer={(timesTen) => onAnswer([{ userId: student.id, activityId: activity.id }], timesTen)}
                />
              ))}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
});

/** The grid's heading: name, control number, each activity with its weight, the final grade and the actions. */
function GridHead({ activities }: { activities: Activity[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className={`${classes.name} ${classes.head}`}>
          Nombre
        </th>
        <th scope="col" className={classes.head}>
          Matrícula
        </th>
        {activities.map((a) => (
          <th
            key={a.id}
            scope="col"
            className={`${classes.head} ${classes.activityHead}`}
            title={weightTitle(a, activities)}
          >
            <span className={classes.activityName}>{a.activity_name}</span>
            <Text span size="xs" c="dimmed" display="block">
              {weightLabel(a.ponderation)}
            </Text>
          </th>
        ))}
        <th scope="col" className={classes.head}>
          Final
        </th>
        <th scope="col" className={classes.head}>
          <span className={classes.srOnly}>Acciones</span>
        </th>
      </tr>
    </thead>
  );
}

/**
 * The grade grid: a spreadsheet of students × activities. A click selects a cell and typing replaces its value; Enter,
 * F2 or a double click edit it in place; Escape gives back its value; arrows, Tab and Enter (after typing) move
 * between cells; a block pasted from a spreadsheet fills the cells from the focused one; a 0-10 look-alike is asked
 * about in a line under its student's row; and each row re-renders alone while its grades are typed.
 */
export function GradeGrid({
  students,
  activities,
  stored,
  drafts,
  conflicts,
  notes,
  readOnly,
  onCellChange,
  onPaste,
  onFocusCell,
  onCellLeave,
  onCellRestore,
  onAnswer,
  onOpenAttributes,
}: GridProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const size = { rows: students.length, cols: activities.length };
  const moveTo: SheetCells['moveTo'] = (input, key, shift, mode) => {
    // Editing in place, left and right move the caret inside the value.
    if (mode === 'edit' && (key === 'ArrowLeft' || key === 'ArrowRight')) return null;
    const to = nextCell(key, { row: Number(input.dataset.row), col: Number(input.dataset.col) }, size, shift);
    return to ? (rootRef.current?.querySelector<HTMLInputElement>(`#${cellId(to.row, to.col)}`) ?? null) : null;
  };
  const editing = useSheetCellEditing({ students, activities, drafts, notes, readOnly, onCellRestore, moveTo });

  const handlePaste = useCallback(
    (e: React.ClipboardEvent<HTMLDivElement>) => {
      const input = e.target as HTMLInputElement;
      if (input.dataset.row === undefined || readOnly) return;
      const text = e.clipboardData.getData('text/plain');
      if (!isBlock(text)) return;
      e.preventDefault();
      onPaste(
        placeBlock(
          parseClipboardBlock(text),
          Number(input.dataset.row),
          Number(input.dataset.col),
          students.length,
          activities.length,
        ),
      );
    },
    [readOnly, onPaste, students.length, activities.length],
  );

  const onFocus = (e: React.FocusEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    if (input.dataset.row === undefined) return;
    editing.onFocus(e);
    onFocusCell({ row: Number(input.dataset.row), col: Number(input.dataset.col) });
  };

  const onBlur = (e: React.FocusEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    if (input.dataset.row === undefined) return;
    editing.onBlur(e);
    const student = students[Number(input.dataset.row)];
    const activity = activities[Number(input.dataset.col)];
    if (student && activity) onCellLeave(student.id, activity.id);
  };

  return (
    <div
      ref={rootRef}
      className={classes.scroller}
      {...editing}
      onPaste={handlePaste}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <table className={classes.table} aria-label="Calificaciones por actividad" aria-rowcount={students.length + 1}>
        <GridHead activities={activities} />
        <tbody>
          {students.map((s, i) => (
            <GradeRow
              key={s.id}
              student={s}
              rowIndex={i}
              activities={activities}
              storedRow={stored[s.id]}
              draftRow={drafts[s.id] ?? (EMPTY_ROW as Record<number, string>)}
              conflictRow={conflicts[s.id]}
              noteRow={notes?.[s.id]}
              readOnly={readOnly}
              onCellChange={onCellChange}
              onAnswer={onAnswer}
              onOpenAttributes={onOpenAttributes}
              span={activities.length + 4}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
