import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@egreso/domain';
import { cellDate, fileDay, fileMinute, institutionToday, longInstant, setInstitutionTimeZone } from './time.js';

// 7:33 p.m. of 27 November 2026 in Mexico City: already 28 November in UTC.
const EVENING = new Date('2026-11-28T01:33:00Z');

describe("the server's time module", () => {
  afterEach(() => setInstitutionTimeZone(DEFAULT_TIME_ZONE));

  it("dates today, file names and a sheet's 'Generado el' in the institution's zone, not in UTC", () => {
    expect(institutionToday(EVENING)).toBe('2026-11-27');
    expect(fileDay(EVENING)).toBe('20261127');
    expect(fileMinute(EVENING)).toBe('20261127-1933');
    expect(longInstant(EVENING)).toMatch(/^27 de noviembre de 2026 a las 7:33\sp\.\s?m\.$/);
  });

  it('follows the configured zone', () => {
    setInstitutionTimeZone('Asia/Tokyo');
    expect([institutionToday(EVENING), fileDay(EVENING), fileMinute(EVENING)]).toEqual([
      '2026-11-28',
      '20261128',
      '20261128-1033',
    ]);
    expect(longInstant(EVENING)).toMatch(/^28 de noviembre de 2026 a las 10:33\sa\.\s?m\.$/);
  });

  it("reads a spreadsheet's date cell as the calendar date it holds", () => {
    expect(cellDate(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
  });
});
