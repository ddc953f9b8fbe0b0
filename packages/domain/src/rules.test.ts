import { describe, expect, it } from 'vitest';
import { daysInMonth, isValidIsoDate } from './dates.js';
import { addMonths, calendarSemester, generationName, generationPreview, suggestNextGenerationStart } from './rules.js';

describe('generation dates', () => {
  it('adds months and clamps a day past the end of the target month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', 6)).toBe('2024-09-30');
    expect(addMonths('2024-08-15', 6)).toBe('2025-02-15');
    expect(addMonths('2024-11-30', 2)).toBe('2025-01-30');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('handles leap years: 29 February plus 6 months, plus 12 months and plus 48 months', () => {
    expect(addMonths('2024-02-29', 6)).toBe('2024-08-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('ends a generation 54 months after its start, month-end clamped', () => {
    expect(generationPreview('2023-08-31').end_date).toBe('2028-02-29');
    expect(generationPreview('2024-08-31').end_date).toBe('2029-02-28');
    expect(generationPreview('2025-08-01').end_date).toBe('2030-02-01');
    expect(generationPreview('2024-02-29').end_date).toBe('2028-08-29');
  });

  it('lists nine semesters in 6-month steps from the start, with Spanish labels', () => {
    const preview = generationPreview('2023-08-31');
    expect(preview.generation_name).toBe('2023-2028');
    expect(preview.semesters.map((s) => s.date)).toEqual([
      '2023-08-31',
      '2024-02-29',
      '2024-08-31',
      '2025-02-28',
      '2025-08-31',
      '2026-02-28',
      '2026-08-31',
      '2027-02-28',
      '2027-08-31',
    ]);
    expect(preview.semesters.map((s) => s.semester)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(preview.semesters[0]?.label).toBe('Semestre 1 · agosto 2023');
    expect(preview.semesters[1]?.label).toBe('Semestre 2 · febrero 2024');
    // Each step is taken from the start, so a clamped 29 February does not drift into later semesters.
    expect(preview.semesters[2]?.date).toBe('2024-08-31');
  });

  it('names a generation by its start and end years', () => {
    expect(generationName('2024-08-01', '2029-02-01')).toBe('2024-2029');
  });

  it('suggests the latest start plus 6 months', () => {
    expect(suggestNextGenerationStart('2025-08-01', '2026-03-10')).toBe('2026-02-01');
    expect(suggestNextGenerationStart('2023-08-31', '2026-03-10')).toBe('2024-02-29');
    expect(suggestNextGenerationStart('2024-02-29', '2026-03-10')).toBe('2024-08-29');
  });

  it('suggests the next 1 August when there is no generation', () => {
    expect(suggestNextGenerationStart(null, '2026-03-10')).toBe('2026-08-01');
    expect(suggestNextGenerationStart(null, '2026-07-31')).toBe('2026-08-01');
    expect(suggestNextGenerationStart(null, '2026-08-01')).toBe('2027-08-01');
    expect(suggestNextGenerationStart(null, '2026-12-31')).toBe('2027-08-01');
  });

  it('accepts only real calendar dates in YYYY-MM-DD', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('01/08/2024')).toBe(false);
  });
});

describe('calendarSemester', () => {
  it('counts the 6-month steps reached since the start, from 1 to 9', () => {
    expect(calendarSemester('2026-08-01', '2026-07-01')).toBe(1);
    expect(calendarSemester('2026-08-01', '2026-11-26')).toBe(1);
    expect(calendarSemester('2026-08-01', '2027-02-01')).toBe(2);
    expect(calendarSemester('2022-08-01', '2026-11-26')).toBe(9);
    expect(calendarSemester('2010-08-01', '2026-11-26')).toBe(9);
  });
});
