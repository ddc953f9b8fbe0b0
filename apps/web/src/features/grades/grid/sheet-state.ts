import { looksLikeTenScale, type GradeConflict, type GradeSheet, type SheetGrade } from '@egreso/domain';
import type { StoredDrafts } from './draft-storage';
import { cellText, clampTyped, parseGrade, setDraft, type Drafts } from './grid-model';

/** The stored grades of one student: activity id → value and version. */
export type StoredRow = Record<number, { qualification: number | null; version: number }>;
export type StoredGrades = Record<number, StoredRow>;
/** student id → activity id → the version the grid showed when the cell was first typed (0 for an empty cell). */
export type Versions = Record<number, Record<number, number>>;
export type Conflicts = Record<number, Record<number, GradeConflict>>;

/**
 * What the sheet says about one typed cell, marked on it until the cell is typed again or saved: clamped into 0-100,
 * refused (not a number, never sent), asked about (looks like a 0-10 grade; held back until answered), or kept as
 * typed after that question.
 */
export type CellNote =
  | { kind: 'clamped'; from: string; to: string }
  | { kind: 'refused'; text: string }
  | { kind: 'ask'; value: number }
  | { kind: 'kept' };
export type Notes = Record<number, Record<number, CellNote>>;

export interface CellRef {
  userId: number;
  activityId: number;
}

/** The last thing the sheet changed by itself, said above the grid until dismissed or replaced. */
export type SheetNotice =
  | ({ kind: 'clamped'; from: string; to: string } & CellRef)
  | {
      kind: 'paste';
      /** Cells the block filled, including the ones clamped, refused or asked about. */
      placed: number;
      /** Values past the grid's edge. */
      cut: string[];
      clamped: Array<CellRef & { from: string; to: string }>;
      refused: Array<CellRef & { text: string }>;
    };

/** What the teacher has on the sheet and the server does not have yet. */
export interface SheetState {
  drafts: Drafts;
  versions: Versions;
  conflicts: Conflicts;
  notes: Notes;
  notice: SheetNotice | null;
  /** The drafts came back from the browser's storage and the teacher has not saved or discarded them yet. */
  restored: boolean;
}

/** One cell written by typing, pasting or filling, with the stored grade the grid showed under it. */
export interface CellWrite {
  userId: number;
  activityId: number;
  text: string;
  stored: StoredRow[number] | undefined;
}

/** A cell sent in a save: the grade, the version it was typed over, and the text it came from. */
export interface SentCell {
  user_id: number;
  activity_id: number;
  qualification: number;
  version: number;
  text: string;
}

/**
 * `sheetValues` are the sheet's stored grades, against which a value that looks like a 0-10 grade is judged
 * (`looksLikeTenScale`). Typing is judged when the cell is left, so '8' on the way to '85' asks nothing.
 */
export type SheetAction =
  | { type: 'type'; cell: CellWrite }
  | { type: 'paste'; cells: CellWrite[]; cut: string[]; sheetValues: readonly number[] }
  | { type: 'fill'; cells: CellWrite[]; sheetValues: readonly number[] }
  | { type: 'leave'; userId: number; activityId: number; sheetValues: readonly number[] }
  | { type: 'review'; sheetValues: readonly number[] }
  | { type: 'answer'; cells: CellRef[]; timesTen: boolean }
  /** Escape in a cell: back to what it held when the cursor entered it (a draft and its mark, or the stored grade). */
  | { type: 'restore'; cell: CellRef; draft: string | undefined; note: CellNote | undefined }
  | { type: 'dismissNotice' }
  | { type: 'saved'; sent: SentCell[]; conflicts: GradeConflict[] }
  | { type: 'discard' }
  | { type: 'resolve'; conflict: GradeConflict; keepMine: boolean };

/**
 * The sheet as it opens: the drafts recovered from the browser with the answers already given ('Dejar 8.5'), and every
 * recovered 0-10 look-alike asked about again at once, so a reload never lets one through unasked.
 */
export function initialSheetState(restored: StoredDrafts | null, sheetValues: readonly number[] = []): SheetState {
  const state: SheetState = {
    drafts: restored?.drafts ?? {},
    versions: restored?.versions ?? {},
    conflicts: {},
    notes: keptNotes(restored?.kept ?? {}, restored?.drafts ?? {}),
    notice: null,
    restored: restored !== null,
  };
  return restored ? sheetReducer(state, { type: 'review', sheetValues }) : state;
}

/** The answers 'keep it as typed' worth remembering in the browser with the drafts. */
export function keptCells(notes: Notes): Record<number, number[]> {
  const out: Record<number, number[]> = {};
  for (const [uid, row] of Object.entries(notes)) {
    const ids = Object.entries(row).flatMap(([aid, n]) => (n.kind === 'kept' ? [Number(aid)] : []));
    if (ids.length) out[Number(uid)] = ids;
  }
  return out;
}

function keptNotes(kept: Record<number, number[]>, drafts: Drafts): Notes {
  let notes: Notes = {};
  for (const [uid, ids] of Object.entries(kept)) {
    if (!Array.isArray(ids)) continue;
    for (const aid of ids)
      if (drafts[Number(uid)]?.[aid] !== undefined) notes = setNested(notes, Number(uid), aid, { kind: 'kept' });
  }
  return notes;
}

export function storedGrades(sheet: GradeSheet): StoredGrades {
  const out: StoredGrades = {};
  for (const g of sheet.grades)
    (out[g.user_id] ??= {})[g.activity_id] = { qualification: g.qualification, version: g.version };
  return out;
}

/** Sets or clears one value of a two-level map, keeping every other row's object as it was. */
export function setNested<V>(
  map: Record<number, Record<number, V>>,
  a: number,
  b: number,
  value: NoInfer<V> | null,
): Record<number, Record<number, V>> {
  const row = { ...(map[a] ?? {}) };
  if (value === null) delete row[b];
  else row[b] = value;
  const next = { ...map };
  if (Object.keys(row).length) next[a] = row;
  else delete next[a];
  return next;
}

function write(state: SheetState, { userId, activityId, text, stored }: CellWrite): SheetState {
  const p = parseGrade(text);
  // A cell whose text reads as its stored grade is not a change; unreadable text always is one (it is marked).
  const same = !p.bad && (p.value ?? null) === (stored?.qualification ?? null);
  const drafts = setDraft(state.drafts, userId, activityId, same ? null : text);
  // The version kept is the one the grid showed when the cell was first typed: a later change elsewhere is a conflict.
  const versions = same
    ? setNested(state.versions, userId, activityId, null)
    : state.versions[userId]?.[activityId] !== undefined
      ? state.versions
      : setNested(state.versions, userId, activityId, stored?.version ?? 0);
  return { ...state, drafts, versions, notes: setNested(state.notes, userId, activityId, null) };
}

function note(state: SheetState, cell: CellRef, value: CellNote): SheetState {
  return { ...state, notes: setNested(state.notes, cell.userId, cell.activityId, value) };
}

/** A 0-10 grade on the sheet's 0-100 scale; hundredths keep a typed 8.75 exact as 87.5 (8.7 × 10 is not exactly 87). */
export function timesTen(value: number): number {
  return Math.round(value * 1000) / 100;
}

/** Asks about a typed grade that looks like a 0-10 grade, unless the teacher already kept it. */
function askIfTenScale(state: SheetState, cell: CellRef, sheetValues: readonly number[]): SheetState {
  const text = state.drafts[cell.userId]?.[cell.activityId];
  if (text === undefined || state.notes[cell.userId]?.[cell.activityId]?.kind === 'kept') return state;
  const p = parseGrade(text);
  return !p.bad && looksLikeTenScale(p.value, sheetValues)
    ? note(state, cell, { kind: 'ask', value: p.value! })
    : state;
}

/** Writes a pasted or filled cell: clamped, refused or asked about, each marked on the cell. */
function place(state: SheetState, cell: CellWrite, sheetValues: readonly number[]): SheetState {
  const typed = clampTyped(cell.text.trim());
  const p = parseGrade(typed.text);
  // A placed number shows one decimal at once, like a typed one once its cell is left.
  let next = write(state, { ...cell, text: p.bad || p.value === null ? typed.text : cellText(p.value) });
  if (typed.clampedFrom !== null) next = note(next, cell, { kind: 'clamped', from: typed.clampedFrom, to: typed.text });
  else if (p.bad) next = note(next, cell, { kind: 'refused', text: typed.text });
  else next = askIfTenScale(next, cell, sheetValues);
  return next;
}

function drop(state: SheetState, userId: number, activityId: number): SheetState {
  return {
    ...state,
    drafts: setDraft(state.drafts, userId, activityId, null),
    versions: setNested(state.versions, userId, activityId, null),
    notes: setNested(state.notes, userId, activityId, null),
  };
}

export function sheetReducer(state: SheetState, action: SheetAction): SheetState {
  switch (action.type) {
    case 'type': {
      const { cell } = action;
      const typed = clampTyped(cell.text);
      const next = write(state, { ...cell, text: typed.text });
      if (typed.clampedFrom === null) return next;
      const clamped = { from: typed.clampedFrom, to: typed.text };
      return {
        ...note(next, cell, { kind: 'clamped', ...clamped }),
        notice: { kind: 'clamped', userId: cell.userId, activityId: cell.activityId, ...clamped },
      };
    }
    case 'paste': {
      const next = action.cells.reduce((s, c) => place(s, c, action.sheetValues), state);
      const clamped: Array<CellRef & { from: string; to: string }> = [];
      const refused: Array<CellRef & { text: string }> = [];
      for (const { userId, activityId } of action.cells) {
        const n = next.notes[userId]?.[activityId];
        if (n?.kind === 'clamped') clamped.push({ userId, activityId, from: n.from, to: n.to });
        if (n?.kind === 'refused') refused.push({ userId, activityId, text: n.text });
      }
      return { ...next, notice: { kind: 'paste', placed: action.cells.length, cut: action.cut, clamped, refused } };
    }
    case 'fill':
      return action.cells.reduce((s, c) => place(s, c, action.sheetValues), state);
    case 'leave': {
      const { userId, activityId } = action;
      const text = state.drafts[userId]?.[activityId];
      if (text === undefined) return state;
      // An emptied cell goes back to its stored grade: grades cannot be cleared from the grid.
      if (text.trim() === '') return drop(state, userId, activityId);
      const p = parseGrade(text);
      // A number left in the cell shows with one decimal, like every stored grade.
      const shown = p.bad || p.value === null ? text : cellText(p.value);
      const next = shown === text ? state : { ...state, drafts: setDraft(state.drafts, userId, activityId, shown) };
      return askIfTenScale(next, { userId, activityId }, action.sheetValues);
    }
    case 'review': {
      let next = state;
      for (const [uid, row] of Object.entries(state.drafts)) {
        for (const aid of Object.keys(row))
          next = askIfTenScale(next, { userId: Number(uid), activityId: Number(aid) }, action.sheetValues);
      }
      return next;
    }
    case 'answer':
      return action.cells.reduce((s, { userId, activityId }) => {
        const n = s.notes[userId]?.[activityId];
        if (n?.kind !== 'ask') return s;
        const cell = { userId, activityId };
        if (!action.timesTen) return note(s, cell, { kind: 'kept' });
        return {
          ...s,
          drafts: setDraft(s.drafts, userId, activityId, cellText(timesTen(n.value))),
          notes: setNested(s.notes, userId, activityId, null),
        };
      }, state);
    case 'restore': {
      const { cell, draft } = action;
      const { userId, activityId } = cell;
      const next =
        draft === undefined
          ? drop(state, userId, activityId)
          : {
              ...state,
              drafts: setDraft(state.drafts, userId, activityId, draft),
              notes: setNested(state.notes, userId, activityId, action.note ?? null),
            };
      // The notice about the edit undone goes with it.
      const n = state.notice;
      const stale = n?.kind === 'clamped' && n.userId === userId && n.activityId === activityId;
      return stale ? { ...next, notice: null } : next;
    }
    case 'dismissNotice':
      return { ...state, notice: null };
    case 'saved': {
      const conflicted = new Set(action.conflicts.map((c) => `${c.user_id}:${c.activity_id}`));
      const done = action.sent.filter((c) => !conflicted.has(`${c.user_id}:${c.activity_id}`));
      // A cell typed again while saving keeps its newer value.
      const next = done.reduce((s, c) => {
        const text = s.drafts[c.user_id]?.[c.activity_id];
        const p = text === undefined ? null : parseGrade(text);
        return p && !p.bad && p.value === c.qualification
          ? drop(s, c.user_id, c.activity_id)
          : { ...s, versions: setNested(s.versions, c.user_id, c.activity_id, null) };
      }, state);
      const conflicts: Conflicts = {};
      for (const c of action.conflicts) (conflicts[c.user_id] ??= {})[c.activity_id] = c;
      return { ...next, conflicts, notice: null, restored: false };
    }
    case 'discard':
      return initialSheetState(null);
    case 'resolve': {
      const { conflict: c, keepMine } = action;
      const conflicts = setNested(state.conflicts, c.user_id, c.activity_id, null);
      // Keeping mine adopts the current version, so the next save writes over it knowingly.
      if (keepMine)
        return { ...state, conflicts, versions: setNested(state.versions, c.user_id, c.activity_id, c.version) };
      return { ...drop(state, c.user_id, c.activity_id), conflicts };
    }
  }
}

/** The cells waiting for an answer to 'is this a 0-10 grade?'. */
export function askedCells(notes: Notes): Array<CellRef & { value: number }> {
  return Object.entries(notes).flatMap(([uid, row]) =>
    Object.entries(row).flatMap(([aid, n]) =>
      n.kind === 'ask' ? [{ userId: Number(uid), activityId: Number(aid), value: n.value }] : [],
    ),
  );
}

/** The typed cells that are not numbers (marked in the grid, never sent), with their text. */
export function badCells(drafts: Drafts): Array<CellRef & { text: string }> {
  return Object.entries(drafts).flatMap(([uid, row]) =>
    Object.entries(row).flatMap(([aid, text]) =>
      parseGrade(text).bad ? [{ userId: Number(uid), activityId: Number(aid), text }] : [],
    ),
  );
}

/** How many typed cells are not numbers (marked in the grid, never sent). */
export function countBad(drafts: Drafts): number {
  return badCells(drafts).length;
}

/**
 * The cells a save sends: every typed grade that is a number, with the version it was typed over; a cell still asked
 * about (a 0-10 look-alike) waits for its answer.
 */
export function batchOf(state: SheetState, stored: StoredGrades): SentCell[] {
  const sent: SentCell[] = [];
  for (const [uid, row] of Object.entries(state.drafts)) {
    for (const [aid, text] of Object.entries(row)) {
      const p = parseGrade(text);
      if (p.bad || p.value === null || state.notes[Number(uid)]?.[Number(aid)]?.kind === 'ask') continue;
      const userId = Number(uid);
      const activityId = Number(aid);
      const version = state.versions[userId]?.[activityId] ?? stored[userId]?.[activityId]?.version ?? 0;
      sent.push({ user_id: userId, activity_id: activityId, qualification: p.value, version, text });
    }
  }
  return sent;
}

/** The cached sheet with saved or restored (maybe emptied) values and versions in place (the reload brings the finals). */
export function withSavedGrades(sheet: GradeSheet, saved: SheetGrade[]): GradeSheet {
  const byCell = new Map(saved.map((s) => [`${s.user_id}:${s.activity_id}`, s]));
  const grades = sheet.grades.map((g) => {
    const s = byCell.get(`${g.user_id}:${g.activity_id}`);
    if (!s) return g;
    byCell.delete(`${g.user_id}:${g.activity_id}`);
    return { ...g, qualification: s.qualification, version: s.version };
  });
  for (const s of byCell.values())
    grades.push({ user_id: s.user_id, activity_id: s.activity_id, qualification: s.qualification, version: s.version });
  return { ...sheet, grades };
}

/** A cell's value as the sheet counts it now: a typed number over the stored grade; bad text leaves the stored one. */
export function valueAt(state: SheetState, stored: StoredGrades, userId: number, activityId: number): number | null {
  const text = state.drafts[userId]?.[activityId];
  if (text !== undefined) {
    const p = parseGrade(text);
    if (!p.bad) return p.value;
  }
  return stored[userId]?.[activityId]?.qualification ?? null;
}
