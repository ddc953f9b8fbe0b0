import type { Dependent } from '../../db/usage.js';
import { esContains } from '../../db/spanish.js';
import { sql, type Transaction } from 'kysely';
import type { Database, DbOrTrx, PeriodsTable } from '../../db/types.js';
import type { Dialect } from '../../db/connect.js';

const PERIOD_COLUMNS = [
  'id',
  'period_name',
  'start_date',
  'end_date',
  'status',
  'is_active',
  'notes',
  'created_at',
  'updated_at',
] as const;

export interface PeriodFilters {
  period_name?: string;
  status?: 'published' | 'closed';
  is_active?: boolean;
}

function filtered(db: DbOrTrx, f: PeriodFilters) {
  let q = db.selectFrom('periods');
  const name = f.period_name?.trim();
  if (name) q = q.where(esContains('period_name', name));
  if (f.status) q = q.where('status', '=', f.status);
  if (f.is_active !== undefined) q = q.where('is_active', '=', f.is_active ? 1 : 0);
  return q;
}

/** One page of periods, newest start first, and the total that matches the filters. */
export async function pagePeriods(db: DbOrTrx, f: PeriodFilters, page: number, perPage: number) {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select(PERIOD_COLUMNS)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { total: Number(total), rows };
}

export function findPeriod(db: DbOrTrx, id: number) {
  return db.selectFrom('periods').select(PERIOD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type PeriodRow = NonNullable<Awaited<ReturnType<typeof findPeriod>>>;

/** The name of a period whose days (start to end, both included) share a day with these, other than `exceptId`. */
export async function overlappingPeriodName(
  db: DbOrTrx,
  start: string,
  end: string,
  exceptId: number | null,
): Promise<string | null> {
  let q = db
    .selectFrom('periods')
    .select('period_name')
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .limit(1);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.period_name ?? null;
}

export function insertPeriod(
  db: DbOrTrx,
  values: {
    period_name: string;
    start_date: string;
    end_date: string;
    status: 'published' | 'closed';
    notes: string | null;
  },
  now: string,
) {
  return db
    .insertInto('periods')
    .values({ ...values, is_active: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updatePeriod(
  db: DbOrTrx,
  id: number,
  values: Partial<Pick<PeriodsTable, 'period_name' | 'start_date' | 'end_date' | 'status' | 'notes'>> & {
    is_active?: number;
  },
  now: string,
): Promise<void> {
  await db
    .updateTable('periods')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** What keeps a period from being deleted: its assignments, enrolments and observations. */
export const PERIOD_DEPENDENTS: Dependent[] = [
  { table: 'professor_subjects', column: 'period_id', noun: ['asignación', 'asignaciones'] },
  { table: 'enrolments', column: 'period_id', noun: ['inscripción', 'inscripciones'] },
  { table: 'observations', column: 'period_id', noun: ['observación', 'observaciones'] },
];

// Any constant works: it only has to be the same for every activation.
const ACTIVATION_LOCK_KEY = 724_001;

/**
 * Serialises activations on PostgreSQL for the rest of the transaction; SQLite already runs one
 * write transaction at a time.
 */
export async function lockActivation(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ACTIVATION_LOCK_KEY})`.execute(trx);
}

/**
 * Makes the period the only active one: the others are switched off first, then this one on, only
 * while it is still published. Answers false when the period is closed (or gone) by then.
 */
export async function activateOnly(trx: Transaction<Database>, id: number, now: string): Promise<boolean> {
  await trx
    .updateTable('periods')
    .set({ is_active: 0, updated_at: now })
    .where('is_active', '=', 1)
    .where('id', '<>', id)
    .execute();
  const result = await trx
    .updateTable('periods')
    .set({ is_active: 1, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
