import type { DbOrTrx } from '../../db/types.js';

export async function insertSession(
  db: DbOrTrx,
  userId: number,
  at: string,
  userAgent: string | null,
  ip: string | null,
) {
  await db
    .insertInto('user_sessions')
    .values({ user_id: userId, logged_in_at: at, user_agent: userAgent, ip })
    .execute();
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

/** An account's id, name, e-mail and role: what a sign-in answers with, and the e-mail a confirmed change replaces. */
export function findAccount(db: DbOrTrx, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
