import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../test/render';
import { fileStamp, formatDateTime, institutionToday, nowIso, setDisplayTimeZone, todayLong } from './dates';
import { fallbackExportName } from '../features/reports/api/export-division-report';
import { fetchMe } from './me';

const spaces = (s: string) => s.replace(/\s/g, ' ');
const MOMENT = '2026-11-26T04:08:00Z';

afterEach(() => {
  setDisplayTimeZone('America/Mexico_City');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('dates follow the institution, not the machine', () => {
  it('shows an instant in America/Mexico_City until told otherwise', () => {
    expect(spaces(formatDateTime(MOMENT))).toBe('25 nov 2026, 10:08 p.m.');
    expect(todayLong(new Date(MOMENT))).toBe('miércoles, 25 de noviembre de 2026');
  });

  it("takes the institution's time zone from GET /me", async () => {
    signIn({ id: 9, full_name: 'Jefe Demo', rol: 1 });
    mockApi({ 'GET /me': { body: { id: 9, full_name: 'Jefe Demo', time_zone: 'America/Tijuana' } } });
    await fetchMe();
    expect(spaces(formatDateTime(MOMENT))).toBe('25 nov 2026, 8:08 p.m.');
  });

  it('ignores a zone the browser does not know', () => {
    setDisplayTimeZone('Mexico/Tenochtitlan');
    expect(spaces(formatDateTime(MOMENT))).toBe('25 nov 2026, 10:08 p.m.');
  });
});

describe("files and date fields are dated in the institution's time zone", () => {
  // 7:33 p.m. of 27 November 2026 in Mexico City: already 28 November in UTC.
  const EVENING = new Date('2026-11-28T01:33:00Z');

  it("today, a file's stamp and the division report's fallback name read 27 November", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVENING);
    expect(institutionToday()).toBe('2026-11-27');
    expect(fileStamp()).toBe('20261127-193300');
    expect(fallbackExportName()).toBe('reporte_division_20261127-193300.xlsx');
    expect(todayLong()).toBe('viernes, 27 de noviembre de 2026');
  });

  it("follows the zone GET /me tells (Tijuana is two hours behind Mexico City's winter time)", () => {
    setDisplayTimeZone('America/Tijuana');
    expect(institutionToday(EVENING)).toBe('2026-11-27');
    expect(fileStamp(EVENING)).toBe('20261127-173300');
    setDisplayTimeZone('Asia/Tokyo');
    expect(institutionToday(EVENING)).toBe('2026-11-28');
  });

  it('stamps what the browser keeps (unsaved grades) as the UTC instant the server stores', () => {
    expect(nowIso(EVENING)).toBe('2026-11-28T01:33:00.000Z');
  });
});
