import { describe, expect, it } from 'vitest';
import { ENROLMENT_MSG, enrolmentBlock, policyBlock, type PolicyRule } from './enrolment.js';

const byMonth: PolicyRule = { mode: 'parity_by_month', odd_months: [8, 9], even_months: [1, 2], fallback: 'any' };
const base = { subjectSemesters: [3], groupSemester: null };

describe('policyBlock', () => {
  it('any offers every semester', () => {
    expect(policyBlock({ ...byMonth, mode: 'any' }, { ...base, semester: 2, periodStartMonth: 8 })).toBeNull();
  });
  it('parity_by_month: odd months offer odd semesters only, even months even ones', () => {
    expect(policyBlock(byMonth, { ...base, semester: 3, periodStartMonth: 8 })).toBeNull();
    expect(policyBlock(byMonth, { ...base, semester: 4, periodStartMonth: 9 })).toBe(ENROLMENT_MSG.policyOdd);
    expect(policyBlock(byMonth, { ...base, semester: 4, periodStartMonth: 1 })).toBeNull();
    expect(policyBlock(byMonth, { ...base, semester: 3, periodStartMonth: 2 })).toBe(ENROLMENT_MSG.policyEven);
  });
  it('parity_by_month: a month in neither list follows the fallback', () => {
    expect(policyBlock(byMonth, { ...base, semester: 4, periodStartMonth: 5 })).toBeNull();
    expect(policyBlock({ ...byMonth, fallback: 'odd' }, { ...base, semester: 4, periodStartMonth: 5 })).toBe(
      ENROLMENT_MSG.policyOdd,
    );
    expect(policyBlock({ ...byMonth, fallback: 'even' }, { ...base, semester: 3, periodStartMonth: 5 })).toBe(
      ENROLMENT_MSG.policyEven,
    );
    expect(policyBlock({ ...byMonth, fallback: 'even' }, { ...base, semester: 6, periodStartMonth: 5 })).toBeNull();
  });
  it('parity compares the subject semesters with the group semester', () => {
    const parity: PolicyRule = { ...byMonth, mode: 'parity' };
    expect(
      policyBlock(parity, { semester: 5, subjectSemesters: [5], groupSemester: 5, periodStartMonth: 1 }),
    ).toBeNull();
    expect(policyBlock(parity, { semester: 4, subjectSemesters: [4], groupSemester: 5, periodStartMonth: 1 })).toBe(
      ENROLMENT_MSG.policyParity,
    );
    expect(
      policyBlock(parity, { semester: 4, subjectSemesters: [4, 7], groupSemester: 5, periodStartMonth: 1 }),
    ).toBeNull();
  });
});

describe('enrolmentBlock', () => {
  it('names the first reason: period, then prerequisites, then the policy', () => {
    expect(enrolmentBlock({ activePeriod: null, missingPrerequisites: ['A'], policy: 'x' })).toBe(
      ENROLMENT_MSG.noActivePeriod,
    );
    expect(enrolmentBlock({ activePeriod: { status: 'closed' }, missingPrerequisites: [], policy: null })).toBe(
      ENROLMENT_MSG.periodClosed,
    );
    expect(
      enrolmentBlock({
        activePeriod: { status: 'published' },
        missingPrerequisites: ['Cálculo I', 'Física'],
        policy: 'x',
      }),
    ).toBe('Falta aprobar los prerrequisitos: Cálculo I, Física.');
    expect(enrolmentBlock({ activePeriod: { status: 'published' }, missingPrerequisites: [], policy: 'p' })).toBe('p');
    expect(
      enrolmentBlock({ activePeriod: { status: 'published' }, missingPrerequisites: [], policy: null }),
    ).toBeNull();
  });
});
