import argon2 from 'argon2';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app.js';
import { connect, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed.js';
import { kyselySink, writePeople } from '../db/writers.js';
import './provided.js';
import { createThrowawayPg } from './throwaway-pg.js';

export { createThrowawayPg };

/** Which database the server tests run on: SQLite by default, PostgreSQL with TEST_DATABASE=postgres. */
export const onPostgres = process.env.TEST_DATABASE === 'postgres';
export interface TestContext {
  app: App;
  database: Db;
}

/**
 * A fresh, migrated database (SQLite in memory or a throwaway PostgreSQL database) and the app on it; `configure`
 * may add hooks before the app is ready.
 */
export async function createTestApp(
  configure?: (app: App) => void,
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestContext & { close: () => Promise<void> }> {
  let database: Db;
  let drop: (() => Promise<void>) | null = null;
  // On PostgreSQL the run's global setup prepared a migrated, seeded template (test/global-setup.ts).
  const template = onPostgres ? inject('pgTemplate') : null;
  if (onPostgres) {
    const tmp = await createThrowawayPg(template ?? undefined);
    database = connect(tmp.url, { poolSize: 5, quiet: true });
    drop = tmp.drop;
  } else {
    database = connect('sqlite::memory:');
  }
  if (!template) {
    await migrateToLatest(database);
    await seedReferenceData(database.db);
  }
  // The API document is open as in the demo, so tests read it without a session (docs.test.ts checks both).
  const app = await buildApp({ openDocs: true, ...options, database });
  configure?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      if (drop) await drop();
    },
  };
}

/** Registers beforeAll/afterAll for a test file and returns a getter of the context. */
export function useTestApp(configure?: (app: App) => void): () => TestContext {
  let ctx: (TestContext & { close: () => Promise<void> }) | null = null;
  beforeAll(async () => {
    ctx = await createTestApp(configure);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return () => {
    if (!ctx) throw new Error('test app not ready');
    return ctx;
  };
}

let userSeq = 0;
/**
 * Test users' passwords are hashed with argon2id at its lowest cost: the suites create hundreds of users, and at the
 * product's cost each one takes a tenth of a second of a core to hash and again to sign in. The product's own cost
 * is what every password the API or the admin command sets gets (lib/passwords.ts).
 */
const TEST_HASH = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: number;
  full_name: string;
  token: string;
}

/** Inserts a user directly (factories create the parents they need) and logs in through the API. */
export async function createUser(
  ctx: TestContext,
  role: number,
  overrides: {
    email?: string;
    password?: string;
    full_name?: string;
    controlnumber?: string;
    gender?: number | null;
  } = {},
): Promise<TestUser> {
  userSeq += 1;
  const email = (overrides.email ?? `user${userSeq}_${Math.random().toString(36).slice(2, 7)}@test.mx`).toLowerCase();
  const password = overrides.password ?? 'secreto123';
  const full_name = overrides.full_name ?? `Usuario Prueba ${userSeq}`;
  const [id] = await writePeople(kyselySink(ctx.database.db), [
    {
      full_name,
      email,
      password_hash: await argon2.hash(password, TEST_HASH),
      role,
      controlnumber: overrides.controlnumber ?? `C${userSeq}`,
      gender: overrides.gender === undefined ? 1 : overrides.gender,
    },
  ]);
  const token = await login(ctx, email, password);
  return { id: id!, email, password, role, full_name, token };
}

export async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Sends a request with the user's bearer token. */
export function as(ctx: TestContext, user: { token: string } | null, opts: InjectOptions & { url: string }) {
  const headers = { ...(opts.headers ?? {}), ...(user ? { authorization: `Bearer ${user.token}` } : {}) };
  return ctx.app.inject({ ...opts, headers });
}
