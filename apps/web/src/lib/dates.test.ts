import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../test/render';
import { formatDateTime, setDisplayTimeZone, todayLong } from './dates';
import { fetchMe } from './me';

const spaces = (s: string) => s.replace(/\s/g, ' ');
const MOMENT = '2026-11-26T04:08:00Z';

afterEach(() => {
  setDisplayTimeZone('America/Mexico_City');
  vi.unstubAllGlobals();
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
