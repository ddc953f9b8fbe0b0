import type { GradeBatchResult, GradeConflict, GradeSheet } from '@egreso/domain';
import type { StoredDrafts } from './draft-storage';
import { clampTyped, parseGrade, setDraft, type Drafts } from './grid-model';

/** The stored grades of one student: activity id → value and version. */
export type StoredRow = Record<number, { qualification: number | null; version: number }>;
export type StoredGrades = Record<number, StoredRow>;
/** student id → activity id → the version the grid showed when the cell was first typed (0 for an empty cell). */
export type Versions = Record<number, Record<number, number>>;
export type Conflicts = Record<number, Record<number, GradeConflict>>;

/** What the teacher has on the sheet and the server does not have yet. */
export interface SheetState {
  drafts: Drafts;
  versions: Versions;
  conflicts: Conflicts;
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

export type SheetAction =
  | { type: 'write'; cells: CellWrite[] }
  | { type: 'leave'; userId: number; activityId: number }
  | { type: 'saved'; sent: SentCell[]; conflicts: GradeConflict[] }
  | { type: 'discard' }
  | { type: 'resolve'; conflict: GradeConflict; keepMine: boolean };

export function initialSheetState(restored: StoredDrafts | null): SheetState {
  return { drafts: restored?.drafts ?? {}, versions: restored?.versions ?? {}, conflicts: {}, restored: restored !== null };
}

export function storedGrades(sheet: GradeSheet): StoredGrades {
  const out: StoredGrades = {};
  for (const g of sheet.grades) (out[g.user_id] ??= {})[g.activity_id] = { qualification: g.qualification, version: g.version };
  return out;
}

/** Sets or clears one value of a two-level map, keeping every other row's object as it was. */
export function setNested<V>(map: Record<number, Record<number, V>>, a: number, b: number, value: NoInfer<V> | null): Record<number, Record<number, V>> {
  const row = { ...(map[a] ?? {}) };
  if (value === null) delete row[b];
  else row[b] = value;
  const next = { ...map };
  if (Object.keys(row).length) next[a] = row;
  else delete next[a];
  return next;
}

function storedText(cell: StoredRow[number] | undefined): string {
  return cell?.qualification === null || cell === undefined ? '' : String(cell.qualification);
}

function write(state: SheetState, { userId, activityId, text: raw, stored }: CellWrite): SheetState {
  const text = clampTyped(raw);
  const same = text.trim() === storedText(stored) || (text.trim() !== '' && parseGrade(text).value === stored?.qualification);
  const drafts = setDraft(state.drafts, userId, activityId, same ? null : text);
  // The version kept is the one the grid showed when the cell was first typed: a later change elsewhere is a conflict.
  const versions = same
    ? setNested(state.versions, userId, activityId, null)
    : state.versions[userId]?.[activityId] !== undefined ? state.versions : setNested(state.versions, userId, activityId, stored?.version ?? 0);
  return { ...state, drafts, versions };
}

export function sheetReducer(state: SheetState, action: SheetAction): SheetState {
  switch (action.type) {
    case 'write':
      return action.cells.reduce(write, state);
    case 'leave':
      // An emptied cell goes back to its stored grade: grades cannot be cleared from the grid.
      return state.drafts[action.userId]?.[action.activityId]?.trim() === ''
        ? { ...state, drafts: setDraft(state.drafts, action.userId, action.activityId, null) }
        : state;
    case 'saved': {
      const conflicted = new Set(action.conflicts.map((c) => `${c.user_id}:${c.activity_id}`));
      const done = action.sent.filter((c) => !conflicted.has(`${c.user_id}:${c.activity_id}`));
      // A cell typed again while saving keeps its newer text.
      const drafts = done.reduce((d, c) => (d[c.user_id]?.[c.activity_id] === c.text ? setDraft(d, c.user_id, c.activity_id, null) : d), state.drafts);
      const versions = done.reduce((v, c) => setNested(v, c.user_id, c.activity_id, null), state.versions);
      const conflicts: Conflicts = {};
      for (const c of action.conflicts) (conflicts[c.user_id] ??= {})[c.activity_id] = c;
      return { drafts, versions, conflicts, restored: false };
    }
    case 'discard':
      return { drafts: {}, versions: {}, conflicts: {}, restored: false };
    case 'resolve': {
      const { conflict: c, keepMine } = action;
      const conflicts = setNested(state.conflicts, c.user_id, c.activity_id, null);
      // Keeping mine adopts the current version, so the next save writes over it knowingly.
      if (keepMine) return { ...state, conflicts, versions: setNested(state.versions, c.user_id, c.activity_id, c.version) };
      return {
        ...state, conflicts,
        drafts: setDraft(state.drafts, c.user_id, c.activity_id, null),
        versions: setNested(state.versions, c.user_id, c.activity_id, null),
      };
    }
  }
}

/** How many typed cells are not numbers (marked in the grid, never sent). */
export function countBad(drafts: Drafts): number {
  return Object.values(drafts).reduce((n, row) => n + Object.values(row).filter((t) => parseGrade(t).bad).length, 0);
}

/** The cells a save sends: every typed grade that is a number, with the version it was typed over. */
export function batchOf(state: SheetState, stored: StoredGrades): SentCell[] {
  const sent: SentCell[] = [];
  for (const [uid, row] of Object.entries(state.drafts)) {
    for (const [aid, text] of Object.entries(row)) {
      const p = parseGrade(text);
      if (p.bad || p.value === null) continue;
      const userId = Number(uid);
      const activityId = Number(aid);
      const version = state.versions[userId]?.[activityId] ?? stored[userId]?.[activityId]?.version ?? 0;
      sent.push({ user_id: userId, activity_id: activityId, qualification: p.value, version, text });
    }
  }
  return sent;
}

/** The cached sheet with the saved values and versions in place (the reload then brings the server's finals). */
export function withSavedGrades(sheet: GradeSheet, saved: GradeBatchResult['saved']): GradeSheet {
  const byCell = new Map(saved.map((s) => [`${s.user_id}:${s.activity_id}`, s]));
  const grades = sheet.grades.map((g) => {
    const s = byCell.get(`${g.user_id}:${g.activity_id}`);
    if (!s) return g;
    byCell.delete(`${g.user_id}:${g.activity_id}`);
    return { ...g, qualification: s.qualification, version: s.version };
  });
  for (const s of byCell.values()) grades.push({ user_id: s.user_id, activity_id: s.activity_id, qualification: s.qualification, version: s.version });
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
