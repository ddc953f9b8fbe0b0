import { DEFAULT_TIME_ZONE, formatInstantEs, todayIn } from '@egreso/domain';

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
