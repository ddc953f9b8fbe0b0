import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The mark a browser gets when it signs in (DESIGN §5, Throttling): an HttpOnly cookie holding a random id of the
 * browser and, for each account that signed in on it (the latest few), a MAC of that id keyed by the account's stored
 * password hash. No other key is needed, every process behind a load balancer can check it (the hash is in the
 * shared database), and a new password (a reset after a compromise, say) forgets the account's browsers.
 * A browser known to an account is counted apart from the address it shares with others.
 */
export const DEVICE_COOKIE = 'egreso_device';
/** How long a browser stays known without signing in again. */
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared computer keeps the latest ones). */
const DEVICE_ACCOUNTS = 10;

const ID = /^[\w-]{22}$/;

interface DeviceMark {
  id: string;
  /** Account id → MAC, the latest sign-in first. */
  accounts: Map<number, string>;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The browser's mark as sent (id and entries well formed), or null. */
function readMark(cookieHeader: string | undefined): DeviceMark | null {
  const [id, ...entries] = cookieValue(cookieHeader, DEVICE_COOKIE)?.split('.') ?? [];
  if (!id || !ID.test(id)) return null;
  const accounts = new Map<number, string>();
  for (const entry of entries.slice(0, DEVICE_ACCOUNTS)) {
    const [user, mac] = entry.split(':');
    if (user && /^\d{1,12}$/.test(user) && mac && ID.test(mac)) accounts.set(Number(user), mac);
  }
  return { id, accounts };
}

const macOf = (id: string, userId: number, passwordHash: string) =>
  createHmac('sha256', passwordHash).update(`device:${userId}:${id}`).digest('base64url').slice(0, 22);

/** The browser's id when it signed in to this account before (its mark checks out against the account's hash). */
export function knownDevice(
  cookieHeader: string | undefined,
  user: { id: number; password_hash: string } | undefined,
): string | null {
  const mark = user ? readMark(cookieHeader) : null;
  const sent = user && mark?.accounts.get(user.id);
  if (!user || !mark || !sent) return null;
  const expected = Buffer.from(macOf(mark.id, user.id, user.password_hash));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected) ? mark.id : null;
}

/** The Set-Cookie value after a sign-in: the browser's mark (kept, or a new one) with this account first. */
export function deviceCookie(
  cookieHeader: string | undefined,
  user: { id: number; password_hash: string },
  secure: boolean,
): string {
  const mark = readMark(cookieHeader) ?? { id: randomBytes(16).toString('base64url'), accounts: new Map() };
  const entries = [
    `${user.id}:${macOf(mark.id, user.id, user.password_hash)}`,
    ...[...mark.accounts]
      .filter(([id]) => id !== user.id)
      .slice(0, DEVICE_ACCOUNTS - 1)
      .map(([id, mac]) => `${id}:${mac}`),
  ];
  const attributes = [`Max-Age=${DEVICE_MAX_AGE_SECONDS}`, 'Path=/api/login', 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return [`${DEVICE_COOKIE}=${[mark.id, ...entries].join('.')}`, ...attributes].join('; ');
}
