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
