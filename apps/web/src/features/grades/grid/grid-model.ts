import { LIMITS } from '@egreso/domain';

/** Typed grades not saved yet: student id → activity id → the text in the cell. */
export type Drafts = Record<number, Record<number, string>>;

/** What a cell's text means: a grade, empty, or a value that is not a number (marked, never sent). */
export interface ParsedGrade {
  value: number | null;
  bad: boolean;
}

/** Reads a typed or pasted grade: decimal comma or point, clamped into 0-100; empty is null. */
export function parseGrade(text: string): ParsedGrade {
  const t = text.trim().replace(',', '.');
  if (t === '') return { value: null, bad: false };
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return { value: null, bad: true };
  const n = Number(t);
  return { value: Math.min(LIMITS.gradeMax, Math.max(LIMITS.gradeMin, n)), bad: false };
}

/** A typed grade as the cell keeps it: out of 0-100 it becomes its limit, with the note that says so. */
export interface TypedGrade {
  text: string;
  /** The number as typed when it was clamped ('150'), else null. */
  clampedFrom: string | null;
}

/** A typed value outside 0-100 becomes its limit as soon as it is typed ('-5' gives 0); anything else stays as typed. */
export function clampTyped(text: string): TypedGrade {
  const p = parseGrade(text);
  if (p.bad || p.value === null) return { text, clampedFrom: null };
  const n = Number(text.trim().replace(',', '.'));
  return n === p.value ? { text, clampedFrom: null } : { text: String(p.value), clampedFrom: text.trim() };
}

/**
 * How a grade shows in a cell: one decimal, as every grade of the product ('74.0', '74.1'); a grade stored with
 * hundredths keeps them, so no digit of a stored grade is hidden.
 */
export function cellText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const tenths = Math.round(value * 10);
  return Math.abs(tenths / 10 - value) < 1e-9 ? (tenths / 10).toFixed(1) : String(value);
}

/**
 * A block copied from Excel, LibreOffice or Google Sheets: rows separated by new lines, cells by tabs. The final
 * line break those programs add is not a row.
 */
export function parseClipboardBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')));
}

/** Whether a paste should fill several cells (a block) rather than the one being edited. */
export function isBlock(text: string): boolean {
  return /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));
}

export interface PastedCell {
  row: number;
  col: number;
  /** The text as copied; the sheet clamps, refuses or asks about it as it does for typed text. */
  text: string;
}

/** Where a block lands and what did not fit. */
export interface PlacedBlock {
  cells: PastedCell[];
  /** Non-blank values past the grid's last column or last row, in reading order. */
  cut: string[];
}

/**
 * Where a block lands, starting at (row, col): blank cells leave the grid's cell as it is, and the values past the
 * grid's edge are listed as cut, never dropped without a word.
 */
export function placeBlock(block: string[][], row: number, col: number, rows: number, cols: number): PlacedBlock {
  const cells: PastedCell[] = [];
  const cut: string[] = [];
  block.forEach((line, i) => {
    line.forEach((raw, j) => {
      const r = row + i;
      const c = col + j;
      if (raw === '') return;
      if (r >= rows || c >= cols) cut.push(raw);
      else cells.push({ row: r, col: c, text: raw });
    });
  });
  return { cells, cut };
}

export interface CellPosition {
  row: number;
  col: number;
}

/**
 * Where a key moves the cursor, as in a spreadsheet: arrows one cell, Enter down and, past the last row, to the top
 * of the next column; Tab right and, past the last column, to the next row. Null when the key leaves the grid.
 */
export function nextCell(
  key: string,
  at: CellPosition,
  size: { rows: number; cols: number },
  shift = false,
): CellPosition | null {
  const { row, col } = at;
  const { rows, cols } = size;
  switch (key) {
    case 'ArrowDown':
      return row + 1 < rows ? { row: row + 1, col } : null;
    case 'ArrowUp':
      return row > 0 ? { row: row - 1, col } : null;
    case 'ArrowRight':
      return col + 1 < cols ? { row, col: col + 1 } : null;
    case 'ArrowLeft':
      return col > 0 ? { row, col: col - 1 } : null;
    case 'Enter':
      if (shift) return row > 0 ? { row: row - 1, col } : col > 0 ? { row: rows - 1, col: col - 1 } : null;
      if (row + 1 < rows) return { row: row + 1, col };
      return col + 1 < cols ? { row: 0, col: col + 1 } : null;
    case 'Tab':
      if (shift) return col > 0 ? { row, col: col - 1 } : row > 0 ? { row: row - 1, col: cols - 1 } : null;
      if (col + 1 < cols) return { row, col: col + 1 };
      return row + 1 < rows ? { row: row + 1, col: 0 } : null;
    default:
      return null;
  }
}

/** Sets or clears one cell of the drafts, keeping every other row's object as it was (rows re-render alone). */
export function setDraft(drafts: Drafts, userId: number, activityId: number, text: string | null): Drafts {
  const row = { ...(drafts[userId] ?? {}) };
  if (text === null) delete row[activityId];
  else row[activityId] = text;
  const next = { ...drafts };
  if (Object.keys(row).length === 0) delete next[userId];
  else next[userId] = row;
  return next;
}

export function countDrafts(drafts: Drafts): number {
  return Object.values(drafts).reduce((n, row) => n + Object.keys(row).length, 0);
}
