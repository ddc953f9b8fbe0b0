import { describe, expect, it } from 'vitest';
import {
  BAND_COLORS,
  NO_BAND_COLOR,
  averageRatings,
  bandColor,
  clampGrade,
  formatGrade,
  gradeBand,
  normalizeReportValues,
  toHundredths,
  weightedMean,
  weightedMeanTenths,
} from './rules.js';

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

  it('colours a value by its band: 69.9 red, 70, 80.5 and 89.9 yellow, 90 green, empty grey', () => {
    expect(BAND_COLORS).toEqual({ Insuficiente: '#c62828', Suficiente: '#f6c343', Sobresaliente: '#1b5e20' });
    expect([69.9, 70, 80.5, 87.3, 89.9, 90].map(bandColor)).toEqual([
      BAND_COLORS.Insuficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Suficiente,
      BAND_COLORS.Sobresaliente,
    ]);
    expect(bandColor(null)).toBe(NO_BAND_COLOR);
  });
});

describe('weighted mean', () => {
  it('weights graded items by ponderation and rounds to one decimal', () => {
    expect(
      weightedMean([
        { value: 80, weight: 30 },
        { value: 90, weight: 70 },
      ]),
    ).toBe(87);
    expect(
      weightedMean([
        { value: 70, weight: 1 },
        { value: 75, weight: 2 },
      ]),
    ).toBe(73.3);
  });

  it('rounds the exact mean half up, never a binary fraction', () => {
    // 84.45 is 84.4499999… as a double; the exact value is a tie and goes up.
    expect(weightedMean([{ value: 84.45, weight: 1 }])).toBe(84.5);
    expect(weightedMean([{ value: 73.25, weight: 1 }])).toBe(73.3);
    expect(
      weightedMean([
        { value: 80, weight: 1 },
        { value: 81, weight: 1 },
      ]),
    ).toBe(80.5);
    // (89.9 × 1 + 90 × 1) / 2 = 89.95 → 90.0, Sobresaliente.
    expect(
      weightedMean([
        { value: 89.9, weight: 1 },
        { value: 90, weight: 1 },
      ]),
    ).toBe(90);
    expect(weightedMean([{ value: 69.94, weight: 1 }])).toBe(69.9);
    expect(weightedMean([{ value: 1.005, weight: 1 }])).toBe(1);
    // (10 × 33.3 + 20 × 66.7) / 100 = 16.67 → 16.7; weights with decimals count in hundredths.
    expect(
      weightedMean([
        { value: 10, weight: 33.3 },
        { value: 20, weight: 66.7 },
      ]),
    ).toBe(16.7);
    expect(
      weightedMeanTenths([
        { value: 84.45, weight: 2.5 },
        { value: 100, weight: 0.5 },
      ]),
    ).toBe(870);
    expect(toHundredths(84.45)).toBe(8445);
    expect(toHundredths(0.29)).toBe(29);
  });

  it('leaves out zero and negative weights, and is null when no weight remains', () => {
    expect(
      weightedMean([
        { value: 50, weight: 0 },
        { value: 90, weight: 10 },
      ]),
    ).toBe(90);
    expect(weightedMean([{ value: 50, weight: -5 }])).toBeNull();
  });

  it('averages one-decimal ratings half up, leaving empty ones out', () => {
    expect(averageRatings([84.5, 90])).toBe(87.3);
    expect(averageRatings([70, 70.1, null])).toBe(70.1);
    expect(averageRatings([69.9, 70])).toBe(70);
    expect(averageRatings([null, undefined])).toBeNull();
  });

  it('leaves ungraded items out, and is null when none is graded', () => {
    expect(
      weightedMean([
        { value: 90, weight: 50 },
        { value: null, weight: 50 },
      ]),
    ).toBe(90);
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
