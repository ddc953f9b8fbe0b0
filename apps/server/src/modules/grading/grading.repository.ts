import type { GradeConflict, StoredGrade } from '@egreso/domain';
import type { Insertable } from 'kysely';
import type {
  DbOrTrx,
  GradeHistoryTable,
  GradeImportFilesTable,
  GradeSource,
  GradebookColumnsTable,
} from '../../db/types.js';
import { insertRows } from '../../lib/bulk.js';
import { MAX_BOUND_PARAMETERS, inChunks } from '../../db/chunks.js';

export const cellKey = (userId: number, activityId: number) => `${userId}:${activityId}`;

export interface Cell {
  user_id: number;
  activity_id: number;
  qualification: number | null;
  version: number;
  updated_at: string;
  updated_by: { id: number; full_name: string } | null;
}

export interface CellValue {
  user_id: number;
  activity_id: number;
  qualification: number | null;
  version: number;
}

/** A stored grade's value and version as numbers (PostgreSQL may hand numeric columns over as strings). */
function cellValueOf(r: CellValue): CellValue {
  return {
    user_id: r.user_id,
    activity_id: r.activity_id,
    qualification: r.qualification === null ? null : Number(r.qualification),
    version: Number(r.version),
  };
}

/**
 * Values and versions of the given students' grades in the given activities, keyed by cellKey: what the grid and
 * every write need, read from the covering index (activity_id, user_id, qualification, version) alone.
 */
export async function findCellValues(
  db: DbOrTrx,
  userIds: number[],
  activityIds: number[],
): Promise<Map<string, CellValue>> {
  const out = new Map<string, CellValue>();
  if (!userIds.length || !activityIds.length) return out;
  const users = [...new Set(userIds)];
  const rows = await inChunks(
    [...new Set(activityIds)],
    (part) =>
      db
        .selectFrom('user_activities')
        .where('activity_id', 'in', part)
        .where('user_id', 'in', users)
        .select(['user_id', 'activity_id', 'qualification', 'version'])
        .execute(),
    Math.max(100, MAX_BOUND_PARAMETERS - users.length),
  );
  for (const r of rows) out.set(cellKey(r.user_id, r.activity_id), cellValueOf(r));
  return out;
}

/** Stored grades of the given students in the given activities, with who changed each last; keyed by cellKey. */
export async function findCells(db: DbOrTrx, userIds: number[], activityIds: number[]): Promise<Map<string, Cell>> {
  const out = new Map<string, Cell>();
  if (!userIds.length || !activityIds.length) return out;
  const users = [...new Set(userIds)];
  const rows = await inChunks(
    [...new Set(activityIds)],
    (part) =>
      db
        .selectFrom('user_activities as ua')
        .leftJoin('users as u', 'u.id', 'ua.updated_by')
        .where('ua.activity_id', 'in', part)
        .where('ua.user_id', 'in', users)
        .select([
          'ua.user_id',
          'ua.activity_id',
          'ua.qualification',
          'ua.version',
          'ua.updated_at',
          'ua.updated_by',
          'u.full_name',
        ])
        .execute(),
    Math.max(100, MAX_BOUND_PARAMETERS - users.length),
  );
  for (const r of rows) {
    out.set(cellKey(r.user_id, r.activity_id), {
      ...cellValueOf(r),
      updated_at: r.updated_at,
      updated_by: r.updated_by === null ? null : { id: r.updated_by, full_name: r.full_name ?? '' },
    });
  }
  return out;
}

export const asStoredGrade = (c: Cell): StoredGrade => c;
export const asConflict = (c: Cell): GradeConflict => ({
  user_id: c.user_id,
  activity_id: c.activity_id,
  qualification: c.qualification,
  version: c.version,
  changed_by: c.updated_by,
  changed_at: c.updated_at,
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
export async function upsertCells(db: DbOrTrx, writes: CellWrite[], actorId: number, now: string) {
  const rows = await inChunks(
    writes,
    (part) =>
      insertRows<{ user_id: number; activity_id: number; version: number }>(
        db,
        'user_activities',
        [
          ['user_id', 'int'],
          ['activity_id', 'int'],
          ['qualification', 'float8'],
          ['updated_by', 'int'],
          ['updated_at', 'text'],
          ['version', 'int'],
        ],
        part.map((w) => [w.user_id, w.activity_id, w.qualification, actorId, now, w.expected + 1]),
        `on conflict (user_id, activity_id) do update set qualification = excluded.qualification, updated_by = excluded.updated_by,
       updated_at = excluded.updated_at, version = excluded.version
     where user_activities.version + 1 = excluded.version
     returning user_id, activity_id, version`,
      ),
    MAX_BOUND_PARAMETERS / 6,
  );
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    activity_id: Number(r.activity_id),
    version: Number(r.version),
  }));
}

/** A grade change as the history keeps it; who, when and how are the same for the whole write. */
export type HistoryRow = Omit<GradeHistoryTable, 'id' | 'changed_by' | 'changed_at' | 'source' | 'batch_id'>;

export async function insertHistory(
  db: DbOrTrx,
  rows: HistoryRow[],
  entry: { changedBy: number; changedAt: string; source: GradeSource; batchId: string | null },
): Promise<void> {
  await inChunks(
    rows,
    (part) =>
      insertRows(
        db,
        'grade_history',
        [
          ['user_id', 'int'],
          ['activity_id', 'int'],
          ['professor_subject_id', 'int'],
          ['activity_name', 'text'],
          ['before', 'float8'],
          ['after', 'float8'],
          ['changed_by', 'int'],
          ['changed_at', 'text'],
          ['source', 'text'],
          ['batch_id', 'text'],
        ],
        part.map((r) => [
          r.user_id,
          r.activity_id,
          r.professor_subject_id,
          r.activity_name,
          r.before,
          r.after,
          entry.changedBy,
          entry.changedAt,
          entry.source,
          entry.batchId,
        ]),
      ),
    MAX_BOUND_PARAMETERS / 10,
  );
}

/** The e-mail address of each of these users (a gradebook file may name its students by e-mail). */
export function findUserEmails(db: DbOrTrx, userIds: number[]) {
  return db.selectFrom('users').where('id', 'in', userIds).select(['id', 'email']).execute();
}

/** The columns of a sheet's earlier imports: the activity each went to, and the maximum the teacher gave. */
export function findGradebookColumns(db: DbOrTrx, sheetId: number) {
  return db
    .selectFrom('gradebook_columns')
    .where('professor_subject_id', '=', sheetId)
    .select(['source_key', 'activity_id', 'max_points'])
    .execute();
}

/** Remembers these columns of a sheet's import, in place of what was remembered under the same keys. */
export async function replaceGradebookColumns(
  db: DbOrTrx,
  sheetId: number,
  columns: ReadonlyArray<Omit<Insertable<GradebookColumnsTable>, 'professor_subject_id'>>,
): Promise<void> {
  await db
    .deleteFrom('gradebook_columns')
    .where('professor_subject_id', '=', sheetId)
    .where(
      'source_key',
      'in',
      columns.map((c) => c.source_key),
    )
    .execute();
  await db
    .insertInto('gradebook_columns')
    .values(columns.map((c) => ({ professor_subject_id: sheetId, ...c })))
    .execute();
}

/** The file an import batch came from (its name and kind), for the history's list of imports. */
export async function insertImportFile(db: DbOrTrx, file: Insertable<GradeImportFilesTable>): Promise<void> {
  await db.insertInto('grade_import_files').values(file).execute();
}
