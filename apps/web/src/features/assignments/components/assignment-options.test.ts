import { describe, expect, it } from 'vitest';
import type { Group, Subject, SubjectSemester } from '@egreso/domain';
import { subjectKeptFor, subjectsForGroup } from './assignment-options';

const subjects = [
  { id: 1, subject_name: 'Redes' },
  { id: 2, subject_name: 'Álgebra' },
  { id: 3, subject_name: 'Cálculo' },
] as Subject[];
const links = [
  { subject_id: 1, semester_id: 5 },
  { subject_id: 2, semester_id: 1 },
  { subject_id: 3, semester_id: 1 },
] as SubjectSemester[];
const first = { id: 10, group_name: '101', semester_id: 1 } as Group;
const fifth = { id: 11, group_name: '501', semester_id: 5 } as Group;
const noSemester = { id: 12, group_name: 'X', semester_id: null } as Group;

describe('assignment options', () => {
  it("offers the group's semester subjects in Spanish order, and none without a group or semester", () => {
    expect(subjectsForGroup(subjects, links, first).map((s) => s.subject_name)).toEqual(['Álgebra', 'Cálculo']);
    expect(subjectsForGroup(subjects, links, undefined)).toEqual([]);
    expect(subjectsForGroup(subjects, links, noSemester)).toEqual([]);
  });

  it("keeps the chosen subject while the new group's semester offers it, and drops it otherwise", () => {
    expect(subjectKeptFor('2', subjects, links, first)).toBe('2');
    expect(subjectKeptFor('2', subjects, links, fifth)).toBeNull();
    expect(subjectKeptFor('1', subjects, links, undefined)).toBeNull();
    expect(subjectKeptFor(null, subjects, links, first)).toBeNull();
  });
});
