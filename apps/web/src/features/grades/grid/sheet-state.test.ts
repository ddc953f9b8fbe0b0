import { describe, expect, it } from 'vitest';
import type { GradeConflict, GradeSheet } from '@egreso/domain';
import { batchOf, countBad, initialSheetState, sheetReducer, storedGrades, valueAt, withSavedGrades, type SheetState, type StoredGrades } from './sheet-state';

const stored: StoredGrades = { 1: { 10: { qualification: 70, version: 3 } } };
const empty = initialSheetState(null);

function typed(state: SheetState, userId: number, activityId: number, text: string): SheetState {
  return sheetReducer(state, { type: 'write', cells: [{ userId, activityId, text, stored: stored[userId]?.[activityId] }] });
}

const conflict: GradeConflict = { user_id: 1, activity_id: 10, qualification: 72, version: 4, changed_by: { id: 9, full_name: 'Otra Persona' }, changed_at: '2026-11-23T12:00:00Z' };

describe('sheetReducer: typing', () => {
  it('keeps the text and the version the grid showed when the cell was first typed', () => {
    const a = typed(empty, 1, 10, '9');
    const b = typed(a, 1, 10, '95');
    const c = typed(b, 2, 11, '88');
    expect(c.drafts).toEqual({ 1: { 10: '95' }, 2: { 11: '88' } });
    expect(c.versions).toEqual({ 1: { 10: 3 }, 2: { 11: 0 } });
  });

  it('drops the draft and its version when the text comes back to the stored grade', () => {
    const back = typed(typed(empty, 1, 10, '75'), 1, 10, '70.0');
    expect(back.drafts).toEqual({});
    expect(back.versions).toEqual({});
  });

  it('an emptied cell goes back to its stored grade when left; other drafts stay', () => {
    const s = typed(typed(empty, 1, 10, ''), 2, 10, '60');
    expect(s.drafts[1]?.[10]).toBe('');
    const left = sheetReducer(s, { type: 'leave', userId: 1, activityId: 10 });
    expect(left.drafts).toEqual({ 2: { 10: '60' } });
    expect(sheetReducer(left, { type: 'leave', userId: 2, activityId: 10 })).toBe(left);
  });

  it('counts and leaves out of the batch what is not a number', () => {
    const s = typed(typed(empty, 1, 10, 'abc'), 2, 10, '60');
    expect(countBad(s.drafts)).toBe(1);
    expect(batchOf(s, stored)).toEqual([{ user_id: 2, activity_id: 10, qualification: 60, version: 0, text: '60' }]);
    expect(valueAt(s, stored, 1, 10)).toBe(70);
    expect(valueAt(s, stored, 2, 10)).toBe(60);
  });
});

describe('sheetReducer: saving and conflicts', () => {
  const typedTwo = typed(typed(empty, 1, 10, '75'), 2, 10, '60');
  const sent = batchOf(typedTwo, stored);

  it('sends each cell with the version it was typed over', () => {
    expect(sent.map(({ text: _t, ...c }) => c)).toEqual([
      { user_id: 1, activity_id: 10, qualification: 75, version: 3 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 0 },
    ]);
  });

  it('clears the saved drafts, keeps the conflicting one and lists the conflict', () => {
    const after = sheetReducer({ ...typedTwo, restored: true }, { type: 'saved', sent, conflicts: [conflict] });
    expect(after.drafts).toEqual({ 1: { 10: '75' } });
    expect(after.versions).toEqual({ 1: { 10: 3 } });
    expect(after.conflicts).toEqual({ 1: { 10: conflict } });
    expect(after.restored).toBe(false);
  });

  it('keeps a cell typed again while the save was under way', () => {
    const retyped = typed(typedTwo, 2, 10, '65');
    const after = sheetReducer(retyped, { type: 'saved', sent, conflicts: [] });
    expect(after.drafts).toEqual({ 2: { 10: '65' } });
  });

  it("'Conservar el mío' adopts the current version; 'Usar el actual' drops the draft", () => {
    const after = sheetReducer(typedTwo, { type: 'saved', sent, conflicts: [conflict] });
    const mine = sheetReducer(after, { type: 'resolve', conflict, keepMine: true });
    expect(mine.versions).toEqual({ 1: { 10: 4 } });
    expect(mine.drafts).toEqual({ 1: { 10: '75' } });
    expect(mine.conflicts).toEqual({});
    const theirs = sheetReducer(after, { type: 'resolve', conflict, keepMine: false });
    expect(theirs.drafts).toEqual({});
    expect(theirs.versions).toEqual({});
  });

  it('discarding forgets drafts, versions and conflicts', () => {
    const after = sheetReducer(typedTwo, { type: 'saved', sent, conflicts: [conflict] });
    expect(sheetReducer(after, { type: 'discard' })).toEqual({ drafts: {}, versions: {}, conflicts: {}, restored: false });
  });

  it('puts saved values and versions into the cached sheet, adding cells that were empty', () => {
    const sheet = { grades: [{ user_id: 1, activity_id: 10, qualification: 70, version: 3 }] } as GradeSheet;
    const next = withSavedGrades(sheet, [{ user_id: 1, activity_id: 10, qualification: 75, version: 4 }, { user_id: 2, activity_id: 10, qualification: 60, version: 1 }]);
    expect(next.grades).toEqual([
      { user_id: 1, activity_id: 10, qualification: 75, version: 4 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 1 },
    ]);
    expect(storedGrades(next)).toEqual({ 1: { 10: { qualification: 75, version: 4 } }, 2: { 10: { qualification: 60, version: 1 } } });
  });
});
