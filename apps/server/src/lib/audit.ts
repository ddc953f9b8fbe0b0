import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { nowIso } from './time.js';

/** Records who did what; written in the caller's transaction when there is one. */
export async function audit(
  db: Kysely<Database> | Transaction<Database>,
  entry: { userId: number | null; action: string; entity?: string; entityId?: number | null; details?: unknown },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity ?? null,
      entity_id: entry.entityId ?? null,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      created_at: nowIso(),
    })
    .execute();
}

/** The audit entry of a change to one row: who, what, which row (table and id) and what is worth keeping of it. */
export async function auditRow(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  action: string,
  entity: keyof Database & string,
  entityId: number,
  details?: unknown,
): Promise<void> {
  await audit(db, { userId, action, entity, entityId, details });
}
