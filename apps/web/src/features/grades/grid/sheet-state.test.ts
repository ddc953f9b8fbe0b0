import { describe, expect, it } from 'vitest';
import type { GradeConflict, GradeSheet } from '@egreso/domain';
import {
  askedCells,
  batchOf,
  countBad,
  initialSheetState,
  keptCells,
  sheetReducer,
  storedGrades,
  valueAt,
  withSavedGrades,
  type SheetState,
  type StoredGrades,
} from './sheet-state';
import { conflictMessage } from './save-texts';

// Ana (1) has 70 in Examen (10); Beto (2) has a grade row without a value in Examen (a null qualification).
const stored: StoredGrades = {
  1: { 10: { qualification: 70, version: 3 } },
  2: { 10: { qualification: null, version: 1 } },
};
const sheetValues = [70, 85, 92];
const empty = initialSheetState(null);

const at = (userId: number, activityId: number, text: string) => ({
  userId,
  activityId,
  text,
  stored: stored[userId]?.[activityId],
});
function typed(state: SheetState, userId: number, activityId: number, text: string): SheetState {
  return sheetReducer(state, { type: 'type', cell: at(userId, activityId, text) });
}
function left(state: SheetState, userId: number, activityId: number): SheetState {
  return sheetReducer(state, { type: 'leave', userId, activityId, sheetValues });
}

const conflict: GradeConflict = {
  user_id: 1,
  activity_id: 10,
  qualification: 72,
  version: 4,
  changed_by: { id: 9, full_name: 'Otra Persona' },
  changed_at: '2026-11-23T12:00:00Z',
};

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
    const afterLeave = left(s, 1, 10);
    expect(afterLeave.drafts).toEqual({ 2: { 10: '60' } });
    expect(left(afterLeave, 2, 10).drafts).toEqual({ 2: { 10: '60.0' } });
    expect(left(afterLeave, 3, 10)).toBe(afterLeave);
  });

  it('counts and leaves out of the batch what is not a number', () => {
    const s = typed(typed(empty, 1, 10, 'abc'), 2, 10, '60');
    expect(countBad(s.drafts)).toBe(1);
    expect(batchOf(s, stored)).toEqual([{ user_id: 2, activity_id: 10, qualification: 60, version: 1, text: '60' }]);
    expect(valueAt(s, stored, 1, 10)).toBe(70);
    expect(valueAt(s, stored, 2, 10)).toBe(60);
  });
});

describe('sheetReducer: Escape and recovered drafts', () => {
  it('Escape gives back the stored grade: no draft, no version, no clamping notice left', () => {
    const s = typed(empty, 1, 10, '150');
    expect(s.notice).toMatchObject({ kind: 'clamped', userId: 1, activityId: 10 });
    const back = sheetReducer(s, {
      type: 'restore',
      cell: { userId: 1, activityId: 10 },
      draft: undefined,
      note: undefined,
    });
    expect(back.drafts).toEqual({});
    expect(back.versions).toEqual({});
    expect(back.notes).toEqual({});
    expect(back.notice).toBeNull();
  });

  it('Escape gives back an earlier draft with its mark and the version it was first typed over', () => {
    const kept = sheetReducer(left(typed(empty, 1, 10, '8.5'), 1, 10), {
      type: 'answer',
      cells: [{ userId: 1, activityId: 10 }],
      timesTen: false,
    });
    const retyped = typed(kept, 1, 10, '95');
    const back = sheetReducer(retyped, {
      type: 'restore',
      cell: { userId: 1, activityId: 10 },
      draft: '8.5',
      note: { kind: 'kept' },
    });
    expect(back.drafts).toEqual({ 1: { 10: '8.5' } });
    expect(back.notes).toEqual({ 1: { 10: { kind: 'kept' } } });
    expect(back.versions).toEqual({ 1: { 10: 3 } });
  });

  it("a recovered 0-10 look-alike is asked about as the sheet opens, unless 'Dejar' was answered before", () => {
    const drafts = { 2: { 10: '8.5', 11: '9' } };
    const opened = initialSheetState({ drafts, versions: {}, kept: { 2: [11] }, saved_at: '' }, sheetValues);
    expect(askedCells(opened.notes)).toEqual([{ userId: 2, activityId: 10, value: 8.5 }]);
    expect(opened.notes[2]?.[11]).toEqual({ kind: 'kept' });
    expect(keptCells(opened.notes)).toEqual({ 2: [11] });
  });
});

describe('sheetReducer: saving and conflicts', () => {
  const typedTwo = typed(typed(empty, 1, 10, '75'), 2, 10, '60');
  const sent = batchOf(typedTwo, stored);

  it('sends each cell with the version it was typed over', () => {
    expect(sent.map(({ text: _t, ...c }) => c)).toEqual([
      { user_id: 1, activity_id: 10, qualification: 75, version: 3 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 1 },
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
    expect(sheetReducer(after, { type: 'discard' })).toEqual(initialSheetState(null));
  });

  it('puts saved values and versions into the cached sheet, adding cells that were empty', () => {
    const sheet = { grades: [{ user_id: 1, activity_id: 10, qualification: 70, version: 3 }] } as GradeSheet;
    const next = withSavedGrades(sheet, [
      { user_id: 1, activity_id: 10, qualification: 75, version: 4 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 1 },
    ]);
    expect(next.grades).toEqual([
      { user_id: 1, activity_id: 10, qualification: 75, version: 4 },
      { user_id: 2, activity_id: 10, qualification: 60, version: 1 },
    ]);
    expect(storedGrades(next)).toEqual({
      1: { 10: { qualification: 75, version: 4 } },
      2: { 10: { qualification: 60, version: 1 } },
    });
  });
});

describe('sheetReducer: nothing changes a grade without a word', () => {
  it("a typed value over 100 shows 100 and says '150 se ajustó a 100' on the cell and above the grid", () => {
    const s = typed(typed(typed(empty, 2, 10, '1'), 2, 10, '15'), 2, 10, '150');
    expect(s.drafts[2]?.[10]).toBe('100');
    expect(s.notes[2]?.[10]).toEqual({ kind: 'clamped', from: '150', to: '100' });
    expect(s.notice).toEqual({ kind: 'clamped', userId: 2, activityId: 10, from: '150', to: '100' });
  });

  it('a negative number clamps to 0, also over a cell whose stored grade is empty (the minus is not dropped)', () => {
    const minus = typed(empty, 2, 10, '-');
    expect(minus.drafts[2]?.[10]).toBe('-');
    const s = typed(minus, 2, 10, '-5');
    expect(s.drafts[2]?.[10]).toBe('0');
    expect(s.notes[2]?.[10]).toEqual({ kind: 'clamped', from: '-5', to: '0' });
  });

  it('unreadable text over an empty stored grade stays in the cell, marked, and is never sent', () => {
    const s = typed(empty, 2, 10, 'NP');
    expect(s.drafts[2]?.[10]).toBe('NP');
    expect(countBad(s.drafts)).toBe(1);
    expect(batchOf(s, stored)).toEqual([]);
  });

  it('asks about a value that looks like 0-10 when the cell is left, not while it is typed', () => {
    const s = typed(empty, 2, 10, '8.5');
    expect(s.notes).toEqual({});
    const asked = left(s, 2, 10);
    expect(asked.notes[2]?.[10]).toEqual({ kind: 'ask', value: 8.5 });
    expect(askedCells(asked.notes)).toEqual([{ userId: 2, activityId: 10, value: 8.5 }]);
    // Held back until answered; other cells still go.
    const withOther = typed(asked, 1, 10, '75');
    expect(batchOf(withOther, stored).map((c) => c.qualification)).toEqual([75]);
    // A sheet whose grades are themselves 0-10 asks nothing.
    expect(sheetReducer(s, { type: 'leave', userId: 2, activityId: 10, sheetValues: [7, 9.5] }).notes).toEqual({});
  });

  it("answers: 'Es 85' multiplies by 10; 'Dejar 8.5' keeps it and does not ask again", () => {
    const asked = left(typed(typed(empty, 2, 10, '8.7'), 1, 10, '9.25'), 2, 10);
    const both = left(asked, 1, 10);
    const times = sheetReducer(both, {
      type: 'answer',
      cells: [
        { userId: 2, activityId: 10 },
        { userId: 1, activityId: 10 },
      ],
      timesTen: true,
    });
    expect(times.drafts).toEqual({ 2: { 10: '87.0' }, 1: { 10: '92.5' } });
    expect(times.notes).toEqual({});
    const kept = sheetReducer(left(typed(empty, 2, 10, '8.7'), 2, 10), {
      type: 'answer',
      cells: [{ userId: 2, activityId: 10 }],
      timesTen: false,
    });
    expect(kept.notes[2]?.[10]).toEqual({ kind: 'kept' });
    expect(left(kept, 2, 10).notes[2]?.[10]).toEqual({ kind: 'kept' });
    expect(batchOf(kept, stored).map((c) => c.qualification)).toEqual([8.7]);
  });

  it('a save first asks about 0-10 values never left (typed, restored)', () => {
    const restored = initialSheetState({ drafts: { 2: { 10: '9' } }, versions: { 2: { 10: 1 } }, saved_at: '' });
    const reviewed = sheetReducer(restored, { type: 'review', sheetValues });
    expect(askedCells(reviewed.notes)).toEqual([{ userId: 2, activityId: 10, value: 9 }]);
    expect(batchOf(reviewed, stored)).toEqual([]);
  });

  it('a paste reports what it placed, what did not fit, what was clamped and what was refused, and marks those cells', () => {
    const s = sheetReducer(empty, {
      type: 'paste',
      sheetValues,
      cells: [at(1, 10, '200'), at(1, 11, 'NP'), at(2, 10, '-3'), at(2, 11, '8,5'), at(3, 10, '77')],
      cut: ['90', '66', '55'],
    });
    expect(s.drafts).toEqual({ 1: { 10: '100.0', 11: 'NP' }, 2: { 10: '0.0', 11: '8.5' }, 3: { 10: '77.0' } });
    expect(s.notes).toEqual({
      1: { 10: { kind: 'clamped', from: '200', to: '100' }, 11: { kind: 'refused', text: 'NP' } },
      2: { 10: { kind: 'clamped', from: '-3', to: '0' }, 11: { kind: 'ask', value: 8.5 } },
    });
    expect(s.notice).toEqual({
      kind: 'paste',
      placed: 5,
      cut: ['90', '66', '55'],
      clamped: [
        { userId: 1, activityId: 10, from: '200', to: '100' },
        { userId: 2, activityId: 10, from: '-3', to: '0' },
      ],
      refused: [{ userId: 1, activityId: 11, text: 'NP' }],
    });
    // Typing again in a marked cell clears its mark; saving clears the notice.
    expect(typed(s, 1, 10, '99').notes[1]?.[10]).toBeUndefined();
    expect(sheetReducer(s, { type: 'dismissNotice' }).notice).toBeNull();
  });
});

describe('conflictMessage', () => {
  it("titles a save that went through in part 'Guardado con conflictos' and says what went through", () => {
    expect(conflictMessage(1, 1)).toEqual({
      title: 'Guardado con conflictos',
      message:
        'Se guardó 1 calificación. Una calificación cambió en otro lugar desde que abriste la hoja y no se sobrescribió; revísala abajo.',
    });
    expect(conflictMessage(5, 2).message).toBe(
      'Se guardaron 5 calificaciones. 2 calificaciones cambiaron en otro lugar desde que abriste la hoja y no se sobrescribieron; revísalas abajo.',
    );
    expect(conflictMessage(0, 2).title).toBe('Calificaciones en conflicto');
  });
});
