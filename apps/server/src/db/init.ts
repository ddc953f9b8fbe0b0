import type { Kysely } from 'kysely';
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

/**
 * Migrates, seeds the rows every database has, and initialises an empty database: with the one
 * administrator given, or else with the demo institution.
 */
export async function initializeDatabase(
  database: Db,
  opts: { adminEmail?: string; adminPassword?: string; demo?: boolean } = {},
): Promise<InitResult> {
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
