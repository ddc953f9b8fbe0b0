import type { Kysely } from 'kysely';
import pg from 'pg';
import { ROLE } from '@egreso/domain';
import { hashPassword } from '../lib/passwords.js';
import { nowIso } from '../lib/time.js';
import type { Db } from './connect.js';
import { DEMO_ACCOUNTS, seedDemo, type DemoAccount } from './demo.js';
import { migrateToLatest } from './migrate.js';
import { seedReferenceData } from './seed.js';
import type { Database, DbOrTrx } from './types.js';

interface InitResult {
  created: 'admin' | 'demo' | null;
  accounts: DemoAccount[];
}

/** Inserts an administrator account: the first of an empty database (ADMIN_EMAIL) or the operator's `admin create`. */
export async function insertAdministrator(
  db: DbOrTrx,
  fullName: string,
  email: string,
  passwordHash: string,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      full_name: fullName,
      email,
      password_hash: passwordHash,
      role: ROLE.ADMIN,
      controlnumber: null,
      gender: null,
      photo: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;
}

/** The demo's published passwords on an address others reach: refused unless asked for (DEMO=1). */
export const DEMO_ON_PUBLIC_HOST =
  'La institución de demostración, con sus contraseñas publicadas, solo se sirve en una dirección local (HOST=127.0.0.1). ' +
  'Para otra dirección, configure ADMIN_EMAIL y ADMIN_PASSWORD en una base de datos vacía, o pida la demostración con DEMO=1.\n' +
  'The demo institution and its published passwords are served on a loopback HOST only. For another HOST, set ' +
  'ADMIN_EMAIL and ADMIN_PASSWORD on an empty database, or ask for the demo explicitly with DEMO=1.';

export class DemoRefusedError extends Error {
  constructor() {
    super(DEMO_ON_PUBLIC_HOST);
    this.name = 'DemoRefusedError';
  }
}

/** True when the database holds (or, being empty and without an administrator, would load) the demo institution. */
export async function servesDemo(db: Kysely<Database>, adminConfigured: boolean): Promise<boolean> {
  if (await isEmpty(db)) return !adminConfigured;
  const demoEmails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  return (
    (await db.selectFrom('users').select('id').where('email', 'in', demoEmails).limit(1).executeTakeFirst()) !==
    undefined
  );
}

/** The PostgreSQL advisory lock the processes starting on one database take in turn to initialise it. */
const INIT_LOCK = 720_115_017;

type InitOptions = { adminEmail?: string; adminPassword?: string; demo?: boolean; refuseDemo?: boolean };

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
  // refuseDemo: HOST is not a loopback address and DEMO=1 was not given.
  if (opts.refuseDemo && (await servesDemo(database.db, Boolean(opts.adminEmail && opts.adminPassword))))
    throw new DemoRefusedError();
  await seedReferenceData(database.db);
  if (!(await isEmpty(database.db))) return { created: null, accounts: [] };
  if (opts.adminEmail && opts.adminPassword) {
    const passwordHash = await hashPassword(opts.adminPassword);
    await insertAdministrator(database.db, 'Administrador', opts.adminEmail.toLowerCase(), passwordHash);
    return { created: 'admin', accounts: [] };
  }
  if (opts.demo === false) return { created: null, accounts: [] };
  const accounts = await seedDemo(database.db);
  return { created: 'demo', accounts };
}
