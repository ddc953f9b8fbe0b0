import { LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, TOKEN_IDLE_MS } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { audit } from '../../lib/audit.js';
import { isoMinus, isoPlus, nowIso } from '../../lib/time.js';
import { clearFailures, countFailuresSince, insertSession, lock, recordFailure } from './login.repository.js';
import { deleteIdleTokens, hashToken, insertToken, newToken } from './tokens.repository.js';

/**
 * Records a failed login; the last allowed failure within the window locks the e-mail and is audited.
 * Answers whether this failure locked it.
 */
export async function recordLoginFailure(trx: DbOrTrx, email: string, ip: string, userId: number | null): Promise<boolean> {
  const now = Date.now();
  const windowStart = isoMinus(LOGIN_FAILURE_WINDOW_MS, now);
  await recordFailure(trx, email, ip, new Date(now).toISOString(), windowStart);
  if ((await countFailuresSince(trx, email, windowStart)) < LOGIN_MAX_FAILURES) return false;
  await lock(trx, email, isoPlus(LOGIN_LOCK_MS, now));
  await audit(trx, { userId, action: 'login.lockout', entity: 'users', entityId: userId, details: { email, ip } });
  return true;
}

/** Opens a session after a good password: clears the failures, drops idle tokens, stores the new token's hash. */
export async function startSession(trx: DbOrTrx, userId: number, email: string, userAgent: string | null, ip: string): Promise<string> {
  const token = newToken();
  const now = nowIso();
  await clearFailures(trx, email);
  await deleteIdleTokens(trx, userId, isoMinus(TOKEN_IDLE_MS));
  await insertToken(trx, userId, hashToken(token), now);
  await insertSession(trx, userId, now, userAgent, ip);
  return token;
}
