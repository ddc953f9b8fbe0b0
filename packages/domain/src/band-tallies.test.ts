import { describe, expect, it } from 'vitest';
import { distinguishAttributeNames, percent, tally, verdict } from './rules.js';

describe('percent', () => {
  it('rounds half up on the exact quotient, with one decimal', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 8)).toBe(12.5);
    // 1/16 = 6.25 % exactly: half up gives 6.3 (a binary round of 6.25 could give 6.2).
    expect(percent(1, 16)).toBe(6.3);
    expect(percent(1, 2000)).toBe(0.1);
    expect(percent(1, 2001)).toBe(0);
    expect(percent(5, 5)).toBe(100);
  });

  it('is 0 of nothing', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(3, 0)).toBe(0);
  });
});

describe('tally', () => {
  it('gives each band its share of the total, and zeros without data', () => {
    expect(tally({ total: 3, sobresaliente: 1, suficiente: 2, insuficiente: 0 })).toEqual({
      total: 3,
      sobresaliente: 1,
      suficiente: 2,
      insuficiente: 0,
      sobresaliente_pct: 33.3,
      suficiente_pct: 66.7,
      insuficiente_pct: 0,
    });
    expect(tally({ total: 0, sobresaliente: 0, suficiente: 0, insuficiente: 0 })).toEqual({
      total: 0,
      sobresaliente: 0,
      suficiente: 0,
      insuficiente: 0,
      sobresaliente_pct: 0,
      suficiente_pct: 0,
      insuficiente_pct: 0,
    });
  });

  it('keeps only the counts (extra fields of a database row stay out)', () => {
    const row = { total: 2, sobresaliente: 2, suficiente: 0, insuficiente: 0, attribute_id: 9 };
    expect(tally(row)).not.toHaveProperty('attribute_id');
  });
});

describe('verdict', () => {
  it('meets the target when the share at Suficiente or above reaches it, compared on integers', () => {
    // 7 of 10 meets 70 exactly; 2 of 3 (66.7 %) misses 66.7 although the rounded share equals it.
    expect(verdict({ total: 10, sobresaliente: 2, suficiente: 5, insuficiente: 3 }, 70)).toEqual({
      share: 70,
      target: 70,
      met: true,
      critical: true,
    });
    expect(verdict({ total: 3, sobresaliente: 0, suficiente: 2, insuficiente: 1 }, 66.7)).toMatchObject({
      share: 66.7,
      met: false,
    });
    expect(verdict({ total: 5, sobresaliente: 1, suficiente: 3, insuficiente: 1 }, 70)).toMatchObject({
      critical: false,
      met: true,
    });
  });

  it('is critical from a quarter at Insuficiente', () => {
    expect(verdict({ total: 4, sobresaliente: 0, suficiente: 3, insuficiente: 1 }, 76)).toEqual({
      share: 75,
      target: 76,
      met: false,
      critical: true,
    });
    expect(verdict({ total: 5, sobresaliente: 4, suficiente: 0, insuficiente: 1 }, 70)).toMatchObject({
      critical: false,
    });
  });

  it('gives no verdict without data', () => {
    expect(verdict({ total: 0, sobresaliente: 0, suficiente: 0, insuficiente: 0 }, 70)).toEqual({
      share: 0,
      target: 70,
      met: null,
      critical: false,
    });
  });
});

describe("distinguishAttributeNames (the division report's labels)", () => {
  it("keeps the names of one career's attributes", () => {
    expect(
      distinguishAttributeNames([
        { attribute_name: 'AE1', career_key: 'ISC' },
        { attribute_name: 'Ética (compartido)', career_key: null },
      ]),
    ).toEqual(['AE1', 'Ética (compartido)']);
  });

  it("adds the career's key when two careers are listed or two attributes share a name", () => {
    expect(
      distinguishAttributeNames([
        { attribute_name: 'AE1', career_key: 'ISC' },
        { attribute_name: 'AE1', career_key: 'IIND' },
        { attribute_name: 'Ética (compartido)', career_key: null },
      ]),
    ).toEqual(['AE1 (ISC)', 'AE1 (IIND)', 'Ética (compartido)']);
    expect(distinguishAttributeNames([])).toEqual([]);
  });
});
