import { sql, type Kysely, type Transaction } from 'kysely';
import type { GradeConflict, StoredGrade } from '@egreso/domain';
import type { Database, GradeSource } from '../../db/types.js';
import { chunks } from '../../lib/chunks.js';

type Q = Kysely<Database> | Transaction<Database>;

export const cellKey = (userId: number, activityId: number) => `${userId}:${activityId}`;

export interface Cell {
  user_id: number;
  activity_id: number;
  qualification: number | null;
  version: number;
  updated_at: string;
  updated_by: { id: number; full_name: string } | null;
}

/** Stored grades of the given students in the given activities, with who changed each last; keyed by cellKey. */
export async function findCells(db: Q, userIds: number[], activityIds: number[]): Promise<Map<string, Cell>> {
  const out = new Map<string, Cell>();
  if (!userIds.length || !activityIds.length) return out;
  const users = [...new Set(userIds)];
  for (const part of chunks([...new Set(activityIds)], 500)) {
    const rows = await db.selectFrom('user_activities as ua').leftJoin('users as u', 'u.id', 'ua.updated_by')
      .where('ua.activity_id', 'in', part).where('ua.user_id', 'in', users)
      .select(['ua.user_id', 'ua.activity_id', 'ua.qualification', 'ua.version', 'ua.updated_at', 'ua.updated_by', 'u.full_name'])
      .execute();
    for (const r of rows) {
      out.set(cellKey(r.user_id, r.activity_id), {
        user_id: r.user_id, activity_id: r.activity_id, qualification: r.qualification === null ? null : Number(r.qualification),
        version: Number(r.version), updated_at: r.updated_at,
        updated_by: r.updated_by === null ? null : { id: r.updated_by, full_name: r.full_name ?? '' },
      });
    }
  }
  return out;
}

export const asStoredGrade = (c: Cell): StoredGrade => c;
export const asConflict = (c: Cell): GradeConflict => ({
  user_id: c.user_id, activity_id: c.activity_id, qualification: c.qualification, version: c.version,
  changed_by: c.updated_by, changed_at: c.updated_at,
});

export interface CellWrite {
  user_id: number;
  activity_id: number;
  qualification: number | null;
  /** The version this write expects to replace (0: no stored grade). */
  expected: number;
}

/**
 * Writes grades with one multi-row upsert per chunk. A row is only replaced when its stored version is still the
 * expected one (checked by the database itself, so a concurrent save cannot slip in between the read and the write);
 * the answer lists the cells actually written with their new versions.
 */
export async function upsertCells(db: Q, writes: CellWrite[], actorId: number, now: string) {
  const written: Array<{ user_id: number; activity_id: number; version: number }> = [];
  for (const part of chunks(writes, 1000)) {
    const rows = await db.insertInto('user_activities')
      .values(part.map((w) => ({
        user_id: w.user_id, activity_id: w.activity_id, qualification: w.qualification, updated_by: actorId, updated_at: now, version: w.expected + 1,
      })))
      .onConflict((oc) => oc.columns(['user_id', 'activity_id'])
        .doUpdateSet((eb) => ({
          qualification: eb.ref('excluded.qualification'), updated_by: eb.ref('excluded.updated_by'),
          updated_at: eb.ref('excluded.updated_at'), version: eb.ref('excluded.version'),
        }))
        .where(sql<boolean>`user_activities.version + 1 = excluded.version`))
      .returning(['user_id', 'activity_id', 'version'])
      .execute();
    written.push(...rows.map((r) => ({ user_id: r.user_id, activity_id: r.activity_id, version: Number(r.version) })));
  }
  return written;
}

export interface HistoryRow {
  user_id: number;
  activity_id: number;
  professor_subject_id: number;
  activity_name: string;
  before: number | null;
  after: number | null;
}

export async function insertHistory(
  db: Q, rows: HistoryRow[], entry: { changedBy: number; changedAt: string; source: GradeSource; batchId: string | null },
): Promise<void> {
  for (const part of chunks(rows, 1000)) {
    await db.insertInto('grade_history').values(part.map((r) => ({
      ...r, changed_by: entry.changedBy, changed_at: entry.changedAt, source: entry.source, batch_id: entry.batchId,
    }))).execute();
  }
}
