import { useRef } from 'react';
import { flushSync } from 'react-dom';
import type { Drafts } from './grid-model';
import type { CellNote, CellRef, Notes } from './sheet-state';

/**
 * How a cell of the grade sheet is being edited, as in a spreadsheet:
 * - 'select': the cursor is on the cell with its whole value selected; typing replaces the value.
 * - 'type': the teacher typed over the selected value; arrows, Tab and Enter leave the cell.
 * - 'edit': in-place editing (Enter, F2 or a double click): the caret is in the text and left/right move it.
 * The mode lives on the input (data-mode), where the grid's styles and the handlers both read it.
 */
export type EditMode = 'select' | 'type' | 'edit';

export function modeOf(input: HTMLInputElement): EditMode {
  return (input.dataset.mode as EditMode | undefined) ?? 'select';
}

/** Puts the cursor on a cell with its whole value selected, so what is typed next replaces it. */
export function selectCell(input: HTMLInputElement) {
  if (document.activeElement !== input) input.focus();
  input.setSelectionRange(0, input.value.length);
  input.dataset.mode = 'select';
}

/** Edits a cell in place, the caret at the end of its value. */
export function editCell(input: HTMLInputElement) {
  const end = input.value.length;
  input.setSelectionRange(end, end);
  input.dataset.mode = 'edit';
}

export interface CellEditingOptions<S> {
  readOnly: boolean;
  /** The cell an event comes from (the handlers sit on the cells' container), or null. */
  cellOf: (target: EventTarget) => HTMLInputElement | null;
  /** What a cell holds when the cursor enters it, given back by Escape. */
  snapshot: (input: HTMLInputElement) => S;
  restore: (input: HTMLInputElement, before: S) => void;
  /** The cell a key moves the cursor to, or null when the key belongs to the cell (or leaves the cells). */
  moveTo: (input: HTMLInputElement, key: string, shift: boolean, mode: EditMode) => HTMLInputElement | null;
}

/**
 * Spreadsheet editing for a set of inputs, through handlers for their container: a click or a tap selects a cell and
 * typing replaces its value; Enter, F2 or a double click edit in place with the caret at the end; Escape gives back
 * the value the cell had when the cursor entered it. What it returns is only those handlers, to spread on the container.
 */
export function useCellEditing<S>(options: CellEditingOptions<S>) {
  const opts = useRef(options);
  opts.current = options;
  const entered = useRef<{ input: HTMLInputElement; before: S } | null>(null);
  // The cells of the last two clicks: a double click (a double tap) edits only when both landed on its cell, since a
  // touchscreen reports two quick taps on neighbouring cells as a double tap on the second.
  const clicks = useRef<[HTMLInputElement | null, HTMLInputElement | null]>([null, null]);

  const cell = (e: { target: EventTarget }) => opts.current.cellOf(e.target);

  return {
    onFocus: (e: React.FocusEvent) => {
      const input = cell(e);
      if (!input) return;
      if (entered.current?.input !== input) entered.current = { input, before: opts.current.snapshot(input) };
      // Focus from the keyboard or the code selects the value; a click's caret is replaced on its click below.
      selectCell(input);
    },
    onBlur: (e: React.FocusEvent) => {
      const input = cell(e);
      // The window losing focus (another tab) is not leaving the cell.
      if (!input || !document.hasFocus()) return;
      delete input.dataset.mode;
      if (entered.current?.input === input) entered.current = null;
    },
    onMouseDown: (e: React.MouseEvent) => {
      const input = cell(e);
      // A press on the selected cell keeps its value selected (a browser would drop the caret where it landed).
      if (input && e.button === 0 && document.activeElement === input && modeOf(input) !== 'edit') e.preventDefault();
    },
    onClick: (e: React.MouseEvent) => {
      const input = cell(e);
      clicks.current = [clicks.current[1], input];
      // A click or a tap selects the cell; while editing in place it places the caret, as usual.
      if (input && modeOf(input) !== 'edit') selectCell(input);
    },
    onDoubleClick: (e: React.MouseEvent) => {
      const input = cell(e);
      const [first, second] = clicks.current;
      if (input && first === input && second === input && !opts.current.readOnly) editCell(input);
    },
    onInput: (e: React.FormEvent) => {
      const input = cell(e);
      if (input && modeOf(input) === 'select') input.dataset.mode = 'type';
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      const input = cell(e);
      if (!input || e.altKey || e.ctrlKey || e.metaKey) return;
      const { readOnly, restore, moveTo } = opts.current;
      const mode = modeOf(input);
      if (e.key === 'Escape') {
        const before = entered.current?.input === input ? entered.current.before : null;
        if (before === null || readOnly) return;
        e.preventDefault();
        flushSync(() => restore(input, before));
        selectCell(input);
        return;
      }
      if (!readOnly && (e.key === 'F2' || (e.key === 'Enter' && !e.shiftKey && mode === 'select'))) {
        e.preventDefault();
        editCell(input);
        return;
      }
      const to = moveTo(input, e.key, e.shiftKey, mode);
      if (!to) return;
      e.preventDefault();
      selectCell(to);
    },
  };
}

export interface SheetCells {
  students: ReadonlyArray<{ id: number }>;
  activities: ReadonlyArray<{ id: number }>;
  drafts: Drafts;
  notes: Notes | undefined;
  readOnly: boolean;
  /** Escape: the cell goes back to its draft and mark (or its stored grade) from when the cursor entered it. */
  onCellRestore: (cell: CellRef, draft: string | undefined, note: CellNote | undefined) => void;
  moveTo: CellEditingOptions<unknown>['moveTo'];
}

/**
 * Spreadsheet editing for the grade sheet's inputs (the grid's cells, the cards' inputs), each marked with its row
 * (student) and column (activity) in data-row and data-col.
 */
export function useSheetCellEditing({
  students,
  activities,
  drafts,
  notes,
  readOnly,
  onCellRestore,
  moveTo,
}: SheetCells) {
  const refOf = (input: HTMLInputElement): CellRef => ({
    userId: students[Number(input.dataset.row)]?.id ?? 0,
    activityId: activities[Number(input.dataset.col)]?.id ?? 0,
  });
  return useCellEditing({
    readOnly,
    cellOf: (target) => {
      const input = target as HTMLInputElement;
      return input.tagName === 'INPUT' && input.dataset.row !== undefined ? input : null;
    },
    snapshot: (input) => {
      const { userId, activityId } = refOf(input);
      return { draft: drafts[userId]?.[activityId], note: notes?.[userId]?.[activityId] };
    },
    restore: (input, before) => onCellRestore(refOf(input), before.draft, before.note),
    moveTo,
  });
}
