import { Button, Text } from '@mantine/core';
import { memo, useCallback, useRef } from 'react';
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
import type { CellNote, Notes, StoredRow } from './sheet-state';

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
  onOpenAttributes: (student: SheetStudent) => void;
}

const EMPTY_ROW = {};

/** The tenths-exact final of a student as typed right now: drafts over stored grades, bad text left out. */
export function liveFinal(
  activities: readonly Activity[],
  storedRow: StoredRow | undefined,
  draftRow: Record<number, string> | undefined,
): number | null {
  return finalGrade(activities, (id) => {
    const text = draftRow?.[id];
    if (text !== undefined) {
      const p = parseGrade(text);
      return p.bad ? (storedRow?.[id]?.qualification ?? null) : p.value;
    }
    return storedRow?.[id]?.qualification ?? null;
  });
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
      return `¿${cellText(note.value)} es de 0 a 10? Responde arriba antes de guardar`;
    case 'kept':
      return undefined;
  }
}

function cellId(row: number, col: number) {
  return `celda-${row}-${col}`;
}

/** Moves the focus to a cell and selects its text, so typing replaces it as in a spreadsheet. */
export function focusCell(root: HTMLElement | null, at: CellPosition) {
  const input = root?.querySelector<HTMLInputElement>(`#${cellId(at.row, at.col)}`);
  if (!input) return;
  input.focus();
  input.select();
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
  onOpenAttributes: GridProps['onOpenAttributes'];
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
  onOpenAttributes,
}: RowProps) {
  const final = liveFinal(activities, storedRow, draftRow);
  const dirty = draftRow !== undefined && Object.keys(draftRow).length > 0;
  const band = gradeBand(final);
  return (
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
  );
});

/**
 * The grade grid: a spreadsheet of students × activities. Arrows, Tab and Enter move between cells, a block pasted
 * from a spreadsheet fills the cells from the focused one, and each row re-renders alone while its grades are typed.
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
  onOpenAttributes,
}: GridProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const size = { rows: students.length, cols: activities.length };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    if (input.dataset.row === undefined) return;
    const at = { row: Number(input.dataset.row), col: Number(input.dataset.col) };
    // Left and right move the caret inside the text first, and leave the cell from its edges.
    if (e.key === 'ArrowLeft' && (input.selectionStart ?? 0) > 0) return;
    if (
      e.key === 'ArrowRight' &&
      (input.selectionEnd ?? 0) < input.value.length &&
      input.selectionStart === input.selectionEnd
    )
      return;
    const to = nextCell(e.key, at, size, e.shiftKey);
    if (!to) return;
    e.preventDefault();
    focusCell(rootRef.current, to);
  };

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
    if (input.dataset.row !== undefined)
      onFocusCell({ row: Number(input.dataset.row), col: Number(input.dataset.col) });
  };

  const onBlur = (e: React.FocusEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    if (input.dataset.row === undefined) return;
    const student = students[Number(input.dataset.row)];
    const activity = activities[Number(input.dataset.col)];
    if (student && activity) onCellLeave(student.id, activity.id);
  };

  return (
    <div
      ref={rootRef}
      className={classes.scroller}
      onKeyDown={onKeyDown}
      onPaste={handlePaste}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <table className={classes.table} aria-label="Calificaciones por actividad" aria-rowcount={students.length + 1}>
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
                title={`${a.activity_name} · ponderación ${a.ponderation}`}
              >
                <span className={classes.activityName}>{a.activity_name}</span>
                <Text span size="xs" c="dimmed" display="block">
                  {a.ponderation}%
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
              onOpenAttributes={onOpenAttributes}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
