import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ROLE } from '@egreso/domain';
import { buildApp, type BuildOptions } from '../apps/server/src/app.js';
import { connect, type Db } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedReferenceData } from '../apps/server/src/db/seed.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { institutionTimeZone, nowIso } from '../apps/server/src/lib/time.js';
import { buildBaseline, postgresReads, sqliteReads, type RawReads } from './baseline.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The real app and the baseline, both ready (not listening) on the same fresh database. */
export interface MeTargets {
  app: FastifyInstance;
  baseline: FastifyInstance;
  token: string;
  close(): Promise<void>;
}

const BENCH_EMAIL = 'bench@egreso.test';
const BENCH_PASSWORD = 'bench-secreto-123';

async function createThrowawayPg(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `egreso_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // pool.end() resolves before its sessions are gone; forcing them out would raise an unhandled pool error.
        for (let attempt = 0; attempt < 50; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006') throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Migrates and seeds the database, adds one user and signs in through POST /api/login. */
async function prepareApp(
  database: Db,
  logger: BuildOptions['logger'],
): Promise<{ app: FastifyInstance; token: string }> {
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  const now = nowIso();
  await database.db
    .insertInto('users')
    .values({
      full_name: 'Usuario de Rendimiento',
      email: BENCH_EMAIL,
      password_hash: await hashPassword(BENCH_PASSWORD),
      role: ROLE.TEACHER,
      controlnumber: 'B0001',
      gender: 1,
      photo: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const app = await buildApp({ database, logger });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { app, token: (res.json() as { token: string }).token };
}

/** `logger`: the app's log (off by default; `{ ...loggerOptions('info'), file: '/dev/null' }` measures it as deployed). */
export async function createMeTargets(
  kind: DatabaseKind,
  pgAdminUrl: string,
  logger: BuildOptions['logger'] = false,
): Promise<MeTargets> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'egreso-bench-'));
    const file = join(dir, 'bench.db');
    const database = connect(`sqlite:${file}`);
    let raw: SQLite.Database | undefined;
    return readyTargets(
      database,
      logger,
      () => sqliteReads((raw = new SQLite(file))),
      async () => {
        raw?.close();
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    );
  }

  const tmp = await createThrowawayPg(pgAdminUrl);
  // Same pool size on both sides: the app's default.
  const database = connect(tmp.url, { poolSize: 10 });
  const pool = new pg.Pool({ connectionString: tmp.url, max: 10 });
  return readyTargets(
    database,
    logger,
    () => postgresReads(pool),
    async () => {
      await pool.end();
      await database.close();
      await tmp.drop();
    },
  );
}

/**
 * The app and the baseline on `database`, the baseline reading through `reads`. `release` frees what the caller opened
 * for them, after both are closed (or when they could not be made ready).
 */
async function readyTargets(
  database: Db,
  logger: BuildOptions['logger'],
  reads: () => RawReads,
  release: () => Promise<void>,
): Promise<MeTargets> {
  try {
    const { app, token } = await prepareApp(database, logger);
    const baseline = buildBaseline(reads(), institutionTimeZone());
    await baseline.ready();
    return {
      app,
      baseline,
      token,
      close: async () => {
        await app.close();
        await baseline.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** Listens on the first free port of the range; the caller closes with `stopListening`. */
export async function startListening(server: Server, ports: readonly number[]): Promise<number> {
  for (const port of ports) {
    const ok = await new Promise<boolean>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (err.code === 'EADDRINUSE') resolve(false);
        else reject(err);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${ports.join(', ')}`);
}

export async function stopListening(server: Server): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}
