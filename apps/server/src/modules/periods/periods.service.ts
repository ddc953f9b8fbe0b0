import { PERIOD_MSG, type PeriodUpdateBody } from '@egreso/domain';
import type { Dialect } from '../../db/connect.js';
import { valueTaken } from '../../db/lookups.js';
import type { Transaction } from 'kysely';
import type { Database, DbOrTrx } from '../../db/types.js';
import { auditRow } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import {
  activateOnly,
  findPeriod,
  lockActivation,
  overlappingPeriodName,
  updatePeriod,
  type PeriodRow,
} from './periods.repository.js';

/** A write that broke `periods_one_active`: another activation won a race this request lost. */
function isOneActiveViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') return e.constraint === 'periods_one_active';
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /periods\.is_active/.test(e.message ?? '');
}

const ATTEMPTS = 3;

/**
 * Runs a transaction that may activate a period; a lost race on the one-active index is retried and,
 * if it keeps losing, answered 409 rather than 500.
 */
export async function withActivation<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isOneActiveViolation(err)) throw err;
      if (attempt >= ATTEMPTS) throw conflict(PERIOD_MSG.concurrentActivation);
    }
  }
}

/** Two periods never share a day (422 on start_date naming the other). */
export async function refuseOverlap(trx: DbOrTrx, start: string, end: string, exceptId: number | null): Promise<void> {
  const other = await overlappingPeriodName(trx, start, end, exceptId);
  if (other !== null) throw fieldError('start_date', PERIOD_MSG.overlaps(other));
}

/** Makes the period the only active one (activating deactivates the others in the same transaction). */
export async function activatePeriod(
  trx: Transaction<Database>,
  dialect: Dialect,
  actorId: number,
  id: number,
): Promise<void> {
  await lockActivation(trx, dialect);
  if (!(await activateOnly(trx, id, nowIso()))) {
    throw (await findPeriod(trx, id)) ? conflict(PERIOD_MSG.activateClosed) : notFound(PERIOD_MSG.notFound);
  }
  await auditRow(trx, actorId, 'period.activate', 'periods', id);
}

/**
 * Applies a partial update: a closed period's dates are locked, the end may not precede the start, the name stays
 * unique, a closed period is never active, and `is_active: true` activates it as `activatePeriod` does.
 */
export async function updatePeriodFields(
  trx: Transaction<Database>,
  dialect: Dialect,
  actorId: number,
  existing: PeriodRow,
  body: PeriodUpdateBody,
): Promise<void> {
  const datesChange =
    (body.start_date !== undefined && body.start_date !== existing.start_date) ||
    (body.end_date !== undefined && body.end_date !== existing.end_date);
  if (existing.status === 'closed' && datesChange) throw conflict(PERIOD_MSG.closedDatesLocked);
  // The screens offer no reopening: a closed period stays closed.
  if (existing.status === 'closed' && body.status === 'published') throw conflict(PERIOD_MSG.reopenClosed);
  const start = body.start_date ?? existing.start_date;
  const end = body.end_date ?? existing.end_date;
  if (end < start) throw fieldError('end_date', PERIOD_MSG.endBeforeStart);
  if (datesChange) await refuseOverlap(trx, start, end, existing.id);
  if (
    body.period_name !== undefined &&
    (await valueTaken(trx, 'periods', 'period_name', body.period_name, existing.id))
  ) {
    throw fieldError('period_name', PERIOD_MSG.nameTaken);
  }
  const status = body.status ?? existing.status;
  if (body.is_active === true && status === 'closed') throw conflict(PERIOD_MSG.activateClosed);

  const values: Parameters<typeof updatePeriod>[2] = {};
  if (body.period_name !== undefined) values.period_name = body.period_name;
  if (body.start_date !== undefined) values.start_date = body.start_date;
  if (body.end_date !== undefined) values.end_date = body.end_date;
  if (body.notes !== undefined) values.notes = body.notes;
  if (body.status !== undefined) values.status = body.status;
  // A closed period is never the active one.
  if (body.is_active === false || status === 'closed') values.is_active = 0;

  // A request that changes nothing writes nothing: no new updated_at, no audit row.
  const current: Record<string, unknown> = existing;
  const changes =
    Object.entries(values).some(([field, value]) => current[field] !== value) ||
    (body.is_active === true && existing.is_active !== 1);
  if (!changes) return;

  if (body.is_active === true) await lockActivation(trx, dialect);
  const now = nowIso();
  await updatePeriod(trx, existing.id, values, now);
  if (body.is_active === true && !(await activateOnly(trx, existing.id, now)))
    throw conflict(PERIOD_MSG.activateClosed);
  await auditRow(trx, actorId, 'period.update', 'periods', existing.id, body);
}
