import { sql } from 'kysely';
import type { GradeHistoryEntry, GradeImport } from '@egreso/domain';
import type { DbOrTrx, GradeSource } from '../../db/types.js';

export const HISTORY_PAGE = 500;

export interface HistoryFilter {
  activityId?: number;
  userId?: number;
  professorSubjectId?: number;
  batchId?: string;
  source?: GradeSource;
}

/** History entries, newest first (at most HISTORY_PAGE), with the student's and the author's names. */
export async function listHistory(db: DbOrTrx, f: HistoryFilter): Promise<GradeHistoryEntry[]> {
  let q = db
    .selectFrom('grade_history as h')
    .innerJoin('users as s', 's.id', 'h.user_id')
    .leftJoin('users as a', 'a.id', 'h.changed_by')
    .select([
      'h.id',
      'h.user_id',
      's.full_name as student_name',
      'h.activity_id',
      'h.activity_name',
      'h.professor_subject_id',
      'h.before',
      'h.after',
      'h.changed_by',
      'a.full_name as author',
      'h.changed_at',
      'h.source',
      'h.batch_id',
    ]);
  if (f.activityId !== undefined) q = q.where('h.activity_id', '=', f.activityId);
  if (f.userId !== undefined) q = q.where('h.user_id', '=', f.userId);
  if (f.professorSubjectId !== undefined) q = q.where('h.professor_subject_id', '=', f.professorSubjectId);
  if (f.batchId !== undefined) q = q.where('h.batch_id', '=', f.batchId);
  if (f.source !== undefined) q = q.where('h.source', '=', f.source);
  const rows = await q.orderBy('h.changed_at', 'desc').orderBy('h.id', 'desc').limit(HISTORY_PAGE).execute();
  return rows.map(({ author, changed_by, ...r }) => ({
    ...r,
    before: r.before === null ? null : Number(r.before),
    after: r.after === null ? null : Number(r.after),
    changed_by: changed_by === null ? null : { id: changed_by, full_name: author ?? '' },
  }));
}

/** The assignments an activity's or a batch's history belongs to (the activity may be deleted). */
export async function historyAssignments(db: DbOrTrx, f: { activityId?: number; batchId?: string }): Promise<number[]> {
  let q = db.selectFrom('grade_history').select('professor_subject_id').distinct();
  if (f.activityId !== undefined) q = q.where('activity_id', '=', f.activityId);
  if (f.batchId !== undefined) q = q.where('batch_id', '=', f.batchId);
  return (await q.execute()).map((r) => r.professor_subject_id);
}

/** The imports of an assignment, newest first, each with its size and whether it was undone. */
export async function listImports(db: DbOrTrx, professorSubjectId: number): Promise<GradeImport[]> {
  const rows = await db
    .selectFrom('grade_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .leftJoin('grade_import_files as f', 'f.batch_id', 'h.batch_id')
    .where('h.professor_subject_id', '=', professorSubjectId)
    .where('h.source', '=', 'importación')
    .where('h.batch_id', 'is not', null)
    .select((eb) => [
      'h.batch_id',
      eb.fn.max('h.changed_at').as('changed_at'),
      eb.fn.max('h.changed_by').as('changed_by'),
      eb.fn.max('u.full_name').as('author'),
      eb.fn.max('f.file_name').as('file_name'),
      eb.fn.countAll<number>().as('cells'),
      eb
        .exists(
          eb
            .selectFrom('grade_history as d')
            .select('d.id')
            .whereRef('d.batch_id', '=', 'h.batch_id')
            .where('d.source', '=', 'deshacer importación'),
        )
        .as('undone'),
    ])
    .groupBy('h.batch_id')
    .orderBy(sql`max(h.changed_at)`, 'desc')
    .execute();
  return rows.map((r) => ({
    batch_id: r.batch_id!,
    changed_at: String(r.changed_at),
    cells: Number(r.cells),
    file_name: r.file_name === null ? null : String(r.file_name),
    undone: Boolean(Number(r.undone)),
    changed_by: r.changed_by === null ? null : { id: Number(r.changed_by), full_name: String(r.author ?? '') },
  }));
}

/** The entries an import wrote, and whether it was already undone. */
export async function findImportBatch(db: DbOrTrx, batchId: string) {
  const rows = await db
    .selectFrom('grade_history')
    .where('batch_id', '=', batchId)
    .select(['id', 'user_id', 'activity_id', 'professor_subject_id', 'activity_name', 'before', 'after', 'source'])
    .orderBy('id')
    .execute();
  return {
    entries: rows.filter((r) => r.source === 'importación'),
    undone: rows.some((r) => r.source === 'deshacer importación'),
  };
}

/** One history entry: the cell it changed and its values (undefined when there is none). */
export async function findHistoryEntry(db: DbOrTrx, id: number) {
  const row = await db
    .selectFrom('grade_history')
    .where('id', '=', id)
    .select(['user_id', 'activity_id', 'professor_subject_id', 'before', 'after'])
    .executeTakeFirst();
  return (
    row && {
      ...row,
      before: row.before === null ? null : Number(row.before),
      after: row.after === null ? null : Number(row.after),
    }
  );
}

/** The newest history entry id of each cell, keyed `${user_id}:${activity_id}`. */
export async function latestEntries(
  db: DbOrTrx,
  userIds: number[],
  activityIds: number[],
): Promise<Map<string, number>> {
  if (!userIds.length || !activityIds.length) return new Map();
  const rows = await db
    .selectFrom('grade_history')
    .where('activity_id', 'in', [...new Set(activityIds)])
    .where('user_id', 'in', [...new Set(userIds)])
    .select((eb) => ['user_id', 'activity_id', eb.fn.max('id').as('last')])
    .groupBy(['user_id', 'activity_id'])
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.activity_id}`, Number(r.last)]));
}
