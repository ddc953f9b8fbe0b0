import { createHash, randomBytes } from 'node:crypto';
import type { CompiledQuery, InferResult } from 'kysely';
import { USER_FIELDS } from '@egreso/domain';
import { readAtOnce } from '../../db/connect.js';
import type { DbOrTrx } from '../../db/types.js';

/** The user's public columns, qualified for joins; derived from the one shared user type. */
export const USER_COLUMNS = USER_FIELDS.map((f) => `users.${f}` as const);

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random bearer token; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function insertToken(db: DbOrTrx, userId: number, tokenHash: string, now: string) {
  await db
    .insertInto('access_tokens')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, last_used_at: now })
    .execute();
}

function userByTokenHashQuery(db: DbOrTrx, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .select([
      ...USER_COLUMNS,
      'users.must_change_password',
      'access_tokens.id as token_id',
      'access_tokens.last_used_at',
      'access_tokens.created_at as token_created_at',
    ])
    .where('access_tokens.token_hash', '=', tokenHash);
}
type UserByTokenRow = InferResult<ReturnType<typeof userByTokenHashQuery>>[number];

// Every authenticated request runs this query: it is built and compiled once per database handle, not per request.
const userByTokenCompiled = new WeakMap<DbOrTrx, CompiledQuery<UserByTokenRow>>();

function userByTokenQuery(db: DbOrTrx): CompiledQuery<UserByTokenRow> {
  let compiled = userByTokenCompiled.get(db);
  if (!compiled) {
    compiled = userByTokenHashQuery(db, '').compile();
    userByTokenCompiled.set(db, compiled);
  }
  return compiled;
}

/** The token's user in one query, with the token's first and last use for the lifetime checks. */
export async function findUserByTokenHash(db: DbOrTrx, tokenHash: string) {
  const parameters = [tokenHash];
  const compiled = userByTokenQuery(db);
  const rows =
    readAtOnce(db, compiled, parameters) ?? (await db.executeQuery<UserByTokenRow>({ ...compiled, parameters })).rows;
  return rows[0];
}

/** The same, read at once where the database allows it (see readAtOnce): undefined when there is no such token, null when it cannot be read at once. */
export function findUserByTokenHashAtOnce(db: DbOrTrx, tokenHash: string): UserByTokenRow | undefined | null {
  const rows = readAtOnce(db, userByTokenQuery(db), [tokenHash]);
  return rows === null ? null : rows[0];
}

export async function touchToken(db: DbOrTrx, tokenId: number, now: string) {
  await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}

export async function deleteToken(db: DbOrTrx, tokenHash: string) {
  await db.deleteFrom('access_tokens').where('token_hash', '=', tokenHash).execute();
}

export async function deleteTokenById(db: DbOrTrx, tokenId: number) {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

/** Revokes every other token of a user (a password or e-mail change, or on request); answers how many. */
export async function deleteOtherTokens(db: DbOrTrx, userId: number, keepHash: string | null): Promise<number> {
  let q = db.deleteFrom('access_tokens').where('user_id', '=', userId);
  if (keepHash) q = q.where('token_hash', '<>', keepHash);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of these users (none given, nothing runs). */
export async function deleteTokensOfUsers(db: DbOrTrx, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await db.deleteFrom('access_tokens').where('user_id', 'in', userIds).execute();
}

/** Drops a user's tokens that have already expired, so the table holds live sessions only. */
export async function deleteIdleTokens(db: DbOrTrx, userId: number, idleBefore: string) {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).where('last_used_at', '<', idleBefore).execute();
}
