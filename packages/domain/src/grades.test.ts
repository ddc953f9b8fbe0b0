import { describe, expect, it } from 'vitest';
import { clampGrade, formatGrade, gradeBand, normalizeReportValues, weightedMean } from './rules.js';

describe('grade bands', () => {
  it('places values in the three bands at the spec boundaries', () => {
    expect(gradeBand(0)).toBe('Insuficiente');
    expect(gradeBand(69.9)).toBe('Insuficiente');
    expect(gradeBand(70)).toBe('Suficiente');
    expect(gradeBand(89.9)).toBe('Suficiente');
    expect(gradeBand(90)).toBe('Sobresaliente');
    expect(gradeBand(100)).toBe('Sobresaliente');
  });

  it("shows 'S/C' for empty or non-numeric values", () => {
    expect(gradeBand(null)).toBe('S/C');
    expect(gradeBand(undefined)).toBe('S/C');
    expect(gradeBand('')).toBe('S/C');
    expect(gradeBand('abc')).toBe('S/C');
    expect(gradeBand('85')).toBe('Suficiente');
  });
});

describe('weighted mean', () => {
  it('weights graded items by ponderation and rounds to one decimal', () => {
    expect(weightedMean([{ value: 80, weight: 30 }, { value: 90, weight: 70 }])).toBe(87);
    expect(weightedMean([{ value: 70, weight: 1 }, { value: 75, weight: 2 }])).toBe(73.3);
  });

  it('leaves ungraded items out, and is null when none is graded', () => {
    expect(weightedMean([{ value: 90, weight: 50 }, { value: null, weight: 50 }])).toBe(90);
    expect(weightedMean([{ value: null, weight: 100 }])).toBeNull();
    expect(weightedMean([])).toBeNull();
  });
});

describe('report values', () => {
  it('treats values up to 10.5 as a 0-10 scale', () => {
    expect(normalizeReportValues([8.5, 10, 7.25])).toEqual([85, 100, 72.5]);
    expect(normalizeReportValues([10.5])).toEqual([105]);
  });

  it('keeps 0-100 values, rounds to one decimal and counts a missing value as 0', () => {
    expect(normalizeReportValues([85.26, null, 90])).toEqual([85.3, 0, 90]);
  });
});

describe('grade input', () => {
  it('clamps into 0-100 and keeps empty as null', () => {
    expect(clampGrade('105')).toBe(100);
    expect(clampGrade(-3)).toBe(0);
    expect(clampGrade('')).toBeNull();
    expect(clampGrade('x')).toBeNull();
    expect(clampGrade('88.5')).toBe(88.5);
  });

  it('formats with one decimal or the empty text', () => {
    expect(formatGrade(87)).toBe('87.0');
    expect(formatGrade(null)).toBe('S/C');
    expect(formatGrade(null, 'Sin calificación')).toBe('Sin calificación');
  });
});
