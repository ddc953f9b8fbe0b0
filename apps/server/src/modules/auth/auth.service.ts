import { MSG } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { fieldError } from '../../lib/http-errors.js';
import { checkPassword } from '../../lib/passwords.js';
import { isoMinus, nowIso } from '../../lib/time.js';
import { findPasswordHash, deleteIdleTokens, hashToken, insertToken, newToken } from '../accounts/index.js';
import { insertSession } from './login.repository.js';
import type { SignInThrottle, ThrottleSubject } from './throttle.js';

/** Opens a session after a good password: drops idle tokens, stores the new token's hash. */
/** The user a sign-in answers with (`loginResponse.user`), whichever way the person signed in. */
export function signedInUser(user: { id: number; full_name: string; email: string; role: number }) {
  return { id: user.id, full_name: user.full_name, name: user.full_name, email: user.email, rol: user.role };
}

export async function startSession(
  trx: DbOrTrx,
  userId: number,
  userAgent: string | null,
  ip: string,
  idleMs: number,
): Promise<string> {
  const token = newToken();
  const now = nowIso();
  await deleteIdleTokens(trx, userId, isoMinus(idleMs));
  await insertToken(trx, userId, hashToken(token), now);
  await insertSession(trx, userId, now, userAgent, ip);
  return token;
}

/**
 * A password check behind the throttle: refused (429) while the account or the address waits, without running
 * argon2; one argon2 run otherwise, whatever the hash; a failure is counted, a success is not.
 */
export async function throttledCheck(
  throttle: SignInThrottle,
  subject: ThrottleSubject,
  hash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const admission = await throttle.admit(subject);
  const ok = await checkPassword(hash, password);
  if (ok) await throttle.succeeded(subject, admission);
  else await throttle.failed(subject);
  return ok;
}

/** The current password of a signed-in user, asked before changing the password or the e-mail (422 when wrong). */
export async function confirmCurrentPassword(
  db: DbOrTrx,
  throttle: SignInThrottle,
  user: { id: number; email: string },
  ip: string,
  password: string | undefined,
): Promise<void> {
  if (!password) throw fieldError('current_password', MSG.currentPasswordRequired);
  const hash = await findPasswordHash(db, user.id);
  if (!(await throttledCheck(throttle, { email: user.email, ip }, hash, password))) {
    throw fieldError('current_password', MSG.currentPasswordWrong);
  }
}
