import { describe, expect, it } from 'vitest';
import { careerInScope, careersOutside, holdingOf, personInScope, type CareerScope } from './permissions.js';

const admin: CareerScope = { all: true };
const chief: CareerScope = { all: false, careers: [1, 3] };
const none: CareerScope = { all: false, careers: [] };

describe("a chief's careers (DESIGN §5)", () => {
  it('lets a chief act on their careers only; the administrator on any', () => {
    expect(careerInScope(chief, 1)).toBe(true);
    expect(careerInScope(chief, 2)).toBe(false);
    expect(careerInScope(chief, null)).toBe(false);
    expect(careerInScope(admin, 2)).toBe(true);
    expect(careerInScope(admin, null)).toBe(true);
  });

  it('lets a chief act on the people of their careers and on those linked to none', () => {
    expect(personInScope(chief, [3])).toBe(true);
    expect(personInScope(chief, [2, 3])).toBe(true);
    expect(personInScope(chief, [2])).toBe(false);
    expect(personInScope(chief, [])).toBe(true);
    expect(personInScope(none, [])).toBe(true);
    expect(personInScope(none, [1])).toBe(false);
    expect(personInScope(admin, [2])).toBe(true);
  });

  it('tells a chief which subjects and groups are theirs, shared with another career, of others, or of none', () => {
    expect(holdingOf(chief, [1])).toBe('own');
    expect(holdingOf(chief, [1, 3])).toBe('own');
    expect(holdingOf(chief, [1, 2])).toBe('shared');
    expect(holdingOf(chief, [2])).toBe('other');
    expect(holdingOf(chief, [])).toBe('none');
    expect(holdingOf(none, [1])).toBe('other');
    expect(holdingOf(admin, [2])).toBe('own');
    expect(holdingOf(admin, [])).toBe('own');
    expect(careersOutside(chief, [1, 2, 4])).toEqual([2, 4]);
    expect(careersOutside(admin, [2])).toEqual([]);
  });
});
