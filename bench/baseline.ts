import type SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { API_ANSWER_HEADERS } from '../apps/server/src/app.js';
import type { User } from '../apps/server/src/db/types.js';
import { hashToken, presentUser } from '../apps/server/src/modules/accounts/index.js';

interface TokenRow {
  id: number;
  user_id: number;
  last_used_at: string;
}

type UserRow = Omit<User, 'password_hash' | 'must_change_password'> & { must_change_password: number };

/** The two reads /api/me needs, on the raw driver. */
export interface RawReads {
  tokenByHash(hash: string): Promise<TokenRow | undefined>;
  userById(id: number): Promise<UserRow | undefined>;
}

const TOKEN_SQL = 'select id, user_id, last_used_at from access_tokens where token_hash = ';
const USER_SQL =
  'select id, full_name, email, role, controlnumber, gender, photo, created_at, updated_at, must_change_password from users where id = ';

export function sqliteReads(sqlite: SQLite.Database): RawReads {
  const token = sqlite.prepare<[string], TokenRow>(`${TOKEN_SQL}?`);
  const user = sqlite.prepare<[number], UserRow>(`${USER_SQL}?`);
  return {
    tokenByHash: async (hash) => token.get(hash),
    userById: async (id) => user.get(id),
  };
}

export function postgresReads(pool: pg.Pool): RawReads {
  return {
    tokenByHash: async (hash) => (await pool.query<TokenRow>(`${TOKEN_SQL}$1`, [hash])).rows[0],
    userById: async (id) => (await pool.query<UserRow>(`${USER_SQL}$1`, [id])).rows[0],
  };
}

/**
 * The floor /api/me is compared with: plain Fastify (no schema compiler, no plugins, no hooks), the same bearer
 * parsing and sha256 hash as the app, two raw reads and the same answer: the same security headers (set at once, as
 * the app's hook does) and the same JSON body: the public user, the first-sign-in mark and the institution's time
 * zone (`timeZone`, the one the app was built with). bench/baseline.test.ts holds the two answers equal, headers and
 * body, so a field or a header added to /api/me fails that test before it stops the benchmark.
 */
export function buildBaseline(reads: RawReads, timeZone: string): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/api/me', async (request, reply) => {
    reply.headers(API_ANSWER_HEADERS);
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) return reply.code(401).send({ message: 'No autenticado' });
    const token = await reads.tokenByHash(hashToken(match[1]));
    if (!token) return reply.code(401).send({ message: 'No autenticado' });
    const user = await reads.userById(token.user_id);
    if (!user) return reply.code(401).send({ message: 'No autenticado' });
    const { must_change_password: mark, ...record } = user;
    return { ...presentUser(record), time_zone: timeZone, must_change_password: mark === 1 };
  });
  return app;
}
