import type { Kysely } from 'kysely';
import pg from 'pg';
import { ROLE } from '@egreso/domain';
import { hashPassword } from '../lib/passwords.js';
import { nowIso } from '../lib/time.js';
import type { Db } from './connect.js';
import { seedDemo, type DemoAccount } from './demo.js';
import { migrateToLatest } from './migrate.js';
import { seedReferenceData } from './seed.js';
import type { Database } from './types.js';

interface InitResult {
  created: 'admin' | 'demo' | null;
  accounts: DemoAccount[];
}

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;
}

/** The PostgreSQL advisory lock the processes starting on one database take in turn to initialise it. */
const INIT_LOCK = 720_115_017;

type InitOptions = { adminEmail?: string; adminPassword?: string; demo?: boolean };

/**
 * Migrates, seeds the rows every database has, and initialises an empty database: with the one
 * administrator given, or else with the demo institution. On PostgreSQL, processes starting together take turns
 * under an advisory lock (on a connection of its own): the first migrates and seeds, the others find it done.
 */
export async function initializeDatabase(database: Db, opts: InitOptions = {}): Promise<InitResult> {
  if (database.dialect !== 'postgres') return initialize(database, opts);
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [INIT_LOCK]);
    return await initialize(database, opts);
  } finally {
    // Ending the session releases the lock, whatever happened.
    await lock.end();
  }
}

async function initialize(database: Db, opts: InitOptions): Promise<InitResult> {
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  if (!(await isEmpty(database.db))) return { created: null, accounts: [] };
  if (opts.adminEmail && opts.adminPassword) {
    const now = nowIso();
    await database.db.insertInto('users').values({
      full_name: 'Administrador', email: opts.adminEmail.toLowerCase(), password_hash: await hashPassword(opts.adminPassword),
      role: ROLE.ADMIN, controlnumber: null, gender: null, photo: null, created_at: now, updated_at: now,
    }).execute();
    return { created: 'admin', accounts: [] };
  }
  if (opts.demo === false) return { created: null, accounts: [] };
  const accounts = await seedDemo(database.db);
  return { created: 'demo', accounts };
}
