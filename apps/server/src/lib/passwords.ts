import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

// argon2id with OWASP's recommended minimum cost: strong, and fast enough for a login per request.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/**
 * One-time passwords (DESIGN §5 "Initial credentials"): what a created, imported or reset account gets, drawn from a
 * CSPRNG over an alphabet without look-alikes (no 0/O, 1/l/I), never computed from the person's data. 14 characters
 * of 31 give about 69 bits, so a salted SHA-256 protects them no worse than argon2 would (nobody can guess them), and
 * keeps a 1,000-row import within seconds; the first successful sign-in replaces it with argon2 (see needsRehash).
 */
const ONE_TIME_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const ONE_TIME_PASSWORD_LENGTH = 14;

export function oneTimePassword(): string {
  let out = '';
  for (let i = 0; i < ONE_TIME_PASSWORD_LENGTH; i++) out += ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)];
  return out;
}

const INITIAL_PREFIX = '$initial-sha256$';

/**
 * The salted SHA-256 of a one-time password. With `expiresAt` the hash carries the moment it stops being accepted
 * (`$initial-sha256$e<ms>$salt$digest`); without it (the published demo accounts) it never expires.
 */
export function hashInitialPassword(password: string, expiresAt?: Date): string {
  const salt = randomBytes(16).toString('hex');
  const expiry = expiresAt ? `e${expiresAt.getTime()}$` : '';
  return `${INITIAL_PREFIX}${expiry}${salt}$${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

/** A new one-time password, its hash expiring after `days`, and the moment it expires. */
export function issueOneTimePassword(days: number, now = new Date()): { password: string; hash: string } {
  const password = oneTimePassword();
  return { password, hash: hashInitialPassword(password, new Date(now.getTime() + days * 86_400_000)) };
}

export function needsRehash(hash: string): boolean {
  return hash.startsWith(INITIAL_PREFIX);
}

function initialParts(hash: string): { expiresMs: number | null; salt: string; digest: string } {
  const parts = hash.slice(INITIAL_PREFIX.length).split('$');
  if (parts.length === 3 && parts[0]!.startsWith('e')) {
    return { expiresMs: Number(parts[0]!.slice(1)), salt: parts[1]!, digest: parts[2]! };
  }
  return { expiresMs: null, salt: parts[0] ?? '', digest: parts[1] ?? '' };
}

/** Whether a hash is an unclaimed one-time password past its expiry (INITIAL_PASSWORD_DAYS). */
export function initialPasswordExpired(hash: string, now = new Date()): boolean {
  if (!needsRehash(hash)) return false;
  const { expiresMs } = initialParts(hash);
  return expiresMs !== null && !(now.getTime() < expiresMs);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (hash.startsWith(INITIAL_PREFIX)) {
    const { salt, digest } = initialParts(hash);
    const actual = createHash('sha256')
      .update(salt + password)
      .digest();
    const expected = Buffer.from(digest, 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * The password of an account waiting for its owner to choose one from an e-mailed link (created, imported or reset
 * with mail configured): no password matches it, and checking one costs what any other check costs.
 */
export const NO_PASSWORD_YET = '!awaiting-link';

let dummyHash: Promise<string> | null = null;
/** Verifies against a throwaway hash so an unknown e-mail costs as long as a wrong password. */
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * The password check of a sign-in or a current-password confirmation: exactly one argon2 verification whatever the
 * account (none, an argon2 hash, or an import's salted SHA-256 still holding the initial password), so the time of a
 * failure tells nothing about the account.
 */
export async function checkPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  // A hash starting with '!' is no password at all (awaiting a link, or an account linked to the provider).
  const usable = hash && !hash.startsWith('!') ? hash : null;
  if (usable && !needsRehash(usable)) return verifyPassword(usable, password);
  await burnVerify(password);
  return usable ? verifyPassword(usable, password) : false;
}
