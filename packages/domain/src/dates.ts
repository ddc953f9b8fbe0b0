/**
 * Instants as the screens show them (es-MX), in the institution's time zone: the web and the server's files format
 * them with these same functions, so a page, a PDF and an .xlsx of one moment agree.
 */

/** Whether 'YYYY-MM-DD' names a day of the calendar ('2026-02-30' does not). */
export function isValidIsoDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** INSTITUTION_TIME_ZONE's default. */
export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

/** Whether the runtime knows an IANA time zone ('America/Mexico_City', 'America/Tijuana', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('es-MX', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** '2026-11-26T04:08:00Z' in America/Mexico_City → '25 nov 2026, 10:08 p.m.'; an unreadable value is given back. */
export function formatInstantEs(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let f = instantFormats.get(timeZone);
  if (!f)
    instantFormats.set(
      timeZone,
      (f = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone })),
    );
  return f.format(d);
}

/** Today's date ('YYYY-MM-DD') in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A moment's date and time of day in a time zone, as digits: 'YYYYMMDD' and 'HHMMSS' (24-hour clock). */
export function stampIn(timeZone: string, now = new Date()): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const v = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${v('year')}${v('month')}${v('day')}`, time: `${v('hour')}${v('minute')}${v('second')}` };
}
