import { DEFAULT_TIME_ZONE, formatInstantEs, stampIn, todayIn } from '@egreso/domain';

/*
 * The server's one time module (the lint refuses a date format, a hard-coded zone or a UTC "today" elsewhere):
 * instants are stored in UTC; today's date, the dates and times files and sheets show, and file names follow the
 * institution's time zone.
 */

/** Current instant as an ISO 8601 UTC string: the one format stored for instants. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoMinus(ms: number, from = Date.now()): string {
  return new Date(from - ms).toISOString();
}

export function isoPlus(ms: number, from = Date.now()): string {
  return new Date(from + ms).toISOString();
}

/** The institution's time zone (INSTITUTION_TIME_ZONE), set once when the app is built; files and pages follow it. */
let institutionZone = DEFAULT_TIME_ZONE;

export function setInstitutionTimeZone(timeZone: string): void {
  institutionZone = timeZone;
}

export function institutionTimeZone(): string {
  return institutionZone;
}

/** Today's date ('YYYY-MM-DD') in the institution's time zone. */
export function institutionToday(now = new Date()): string {
  return todayIn(institutionZone, now);
}

/** An instant as the screens show it, in the institution's time zone: '25 nov 2026, 10:08 p.m.'. */
export function formatInstant(iso: string): string {
  return formatInstantEs(iso, institutionZone);
}

/** A day as a file name writes it, in the institution's time zone: '20261127'. */
export function fileDay(now = new Date()): string {
  return stampIn(institutionZone, now).date;
}

/** A moment as a file name writes it, to the minute, in the institution's time zone: '20261127-1933'. */
export function fileMinute(now = new Date()): string {
  const { date, time } = stampIn(institutionZone, now);
  return `${date}-${time.slice(0, 4)}`;
}

let longFormat: { zone: string; format: Intl.DateTimeFormat } | null = null;

/** A moment as a sheet's 'Generado el' reads it, in the institution's time zone: '27 de noviembre de 2026 a las 7:33 p.m.'. */
export function longInstant(now = new Date()): string {
  if (longFormat?.zone !== institutionZone)
    longFormat = {
      zone: institutionZone,
      format: new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: institutionZone }),
    };
  return longFormat.format.format(now);
}

/** The calendar date a spreadsheet's date cell holds ('YYYY-MM-DD'): exceljs reads it as midnight UTC. */
export function cellDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}
