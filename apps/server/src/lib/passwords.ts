import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

// argon2id with OWASP's recommended minimum cost: strong, and fast enough for a login per request.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/**
 * Accounts created by a spreadsheet import get the spec's initial password, which anyone knowing the name and the
 * number can derive; a salted SHA-256 protects it no worse than argon2 would, and keeps a 1,000-row import within
 * seconds. The first successful login replaces it with argon2 (see needsRehash).
 */
const INITIAL_PREFIX = '$initial-sha256$';

export function hashInitialPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${INITIAL_PREFIX}${salt}$${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

export function needsRehash(hash: string): boolean {
  return hash.startsWith(INITIAL_PREFIX);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (hash.startsWith(INITIAL_PREFIX)) {
    const [salt = '', digest = ''] = hash.slice(INITIAL_PREFIX.length).split('$');
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
  if (hash && !needsRehash(hash)) return verifyPassword(hash, password);
  await burnVerify(password);
  return hash ? verifyPassword(hash, password) : false;
}
