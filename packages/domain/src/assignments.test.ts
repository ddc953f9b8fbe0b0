import { describe, expect, it } from 'vitest';
import { diffAssignments } from './rules.js';

const current = [
  { id: 10, subject_id: 1, group_id: 100 },
  { id: 11, subject_id: 2, group_id: 100 },
  { id: 12, subject_id: 3, group_id: 200 },
];

describe('diffAssignments', () => {
  it('keeps unchanged pairs, deletes removed ones and creates new ones', () => {
    const result = diffAssignments(current, [
      { subject_id: 1, group_id: 100 },
      { subject_id: 3, group_id: 200 },
      { subject_id: 4, group_id: 200 },
    ]);
    expect(result.kept).toEqual([10, 12]);
    expect(result.toDelete).toEqual([11]);
    expect(result.toCreate).toEqual([{ subject_id: 4, group_id: 200 }]);
  });

  it('changes nothing when the wanted rows equal the current ones, in any order', () => {
    const result = diffAssignments(current, [
      { subject_id: 3, group_id: 200 },
      { subject_id: 1, group_id: 100 },
      { subject_id: 2, group_id: 100 },
    ]);
    expect(result).toEqual({ toDelete: [], toCreate: [], kept: [10, 11, 12] });
  });

  it('treats the same subject in another group as a different assignment', () => {
    const result = diffAssignments(current, [{ subject_id: 1, group_id: 200 }]);
    expect(result.toDelete).toEqual([10, 11, 12]);
    expect(result.toCreate).toEqual([{ subject_id: 1, group_id: 200 }]);
    expect(result.kept).toEqual([]);
  });

  it('creates a repeated wanted pair only once', () => {
    const result = diffAssignments(
      [],
      [
        { subject_id: 5, group_id: 300 },
        { subject_id: 5, group_id: 300 },
      ],
    );
    expect(result.toCreate).toEqual([{ subject_id: 5, group_id: 300 }]);
  });

  it('ignores the ids the wanted rows carry: pairs decide', () => {
    const result = diffAssignments(current, [{ id: 99, subject_id: 2, group_id: 100 }]);
    expect(result.kept).toEqual([11]);
    expect(result.toCreate).toEqual([]);
    expect(result.toDelete).toEqual([10, 12]);
  });

  it('deletes everything when nothing is wanted, and creates everything from nothing', () => {
    expect(diffAssignments(current, [])).toEqual({ toDelete: [10, 11, 12], toCreate: [], kept: [] });
    expect(diffAssignments([], [{ subject_id: 1, group_id: 1 }]).toCreate).toHaveLength(1);
  });
});
