import type { DbOrTrx } from '../../db/types.js';

export async function findLockout(db: DbOrTrx, email: string) {
  return db.selectFrom('login_lockouts').select('locked_until').where('email', '=', email).executeTakeFirst();
}

/** Records a failure and forgets this e-mail's failures that fell out of the counting window. */
export async function recordFailure(db: DbOrTrx, email: string, ip: string | null, at: string, windowStart: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).where('failed_at', '<', windowStart).execute();
  await db.insertInto('login_failures').values({ email, failed_at: at, ip }).execute();
}

export async function countFailuresSince(db: DbOrTrx, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function lock(db: DbOrTrx, email: string, until: string) {
  await db.deleteFrom('login_lockouts').where('email', '=', email).execute();
  await db.insertInto('login_lockouts').values({ email, locked_until: until }).execute();
  // Failures that caused a lock are spent, so the next window starts clean.
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export async function clearFailures(db: DbOrTrx, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
  await db.deleteFrom('login_lockouts').where('email', '=', email).execute();
}

export async function insertSession(db: DbOrTrx, userId: number, at: string, userAgent: string | null, ip: string | null) {
  await db.insertInto('user_sessions').values({ user_id: userId, logged_in_at: at, user_agent: userAgent, ip }).execute();
}

export function listSessions(db: DbOrTrx, userId: number, limit: number) {
  return db
    .selectFrom('user_sessions')
    .select(['id', 'user_id', 'logged_in_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('logged_in_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
