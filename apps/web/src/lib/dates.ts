import { DEFAULT_TIME_ZONE, formatInstantEs, stampIn, todayIn } from '@egreso/domain';

/**
 * es-MX formatting of dates and instants, the one place the UI formats them. Instants follow the institution's time
 * zone (INSTITUTION_TIME_ZONE, told by `GET /me`), not the machine's, so a screen, its printout and the server's files agree.
 */
let timeZone = DEFAULT_TIME_ZONE;
let longDate = longDateIn(timeZone);
const shortDate = new Intl.DateTimeFormat('es-MX', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function longDateIn(zone: string) {
  return new Intl.DateTimeFormat('es-MX', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: zone,
  });
}

/** The current instant as stored (ISO 8601, UTC): a stamp kept in the browser. */
export function nowIso(now = new Date()): string {
  return now.toISOString();
}

/** The time zone instants are shown in. */
export function displayTimeZone(): string {
  return timeZone;
}

/** Sets the institution's time zone (an unknown zone is ignored: the previous one stays). */
export function setDisplayTimeZone(zone: string): void {
  if (zone === timeZone) return;
  try {
    longDate = longDateIn(zone);
    timeZone = zone;
  } catch {
    // Not a zone this browser knows.
  }
}

export function todayLong(now = new Date()): string {
  return longDate.format(now);
}

/** Today's date ('YYYY-MM-DD') in the institution's time zone: a date field's default. */
export function institutionToday(now = new Date()): string {
  return todayIn(timeZone, now);
}

/** The moment as a file name writes it, in the institution's time zone: '20261127-193300'. */
export function fileStamp(now = new Date()): string {
  const { date, time } = stampIn(timeZone, now);
  return `${date}-${time}`;
}

/** 'YYYY-MM-DD' shown as a Mexican date, without time-zone drift. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : shortDate.format(d);
}

/** An instant in the institution's time zone: '25 nov 2026, 10:08 p.m.'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  return formatInstantEs(iso, timeZone);
}
