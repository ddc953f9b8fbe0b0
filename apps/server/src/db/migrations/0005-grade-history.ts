import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Grade history and stale-write detection: every change of a grade is kept (who, when, before, after, source, the
 * import batch), and each stored grade carries a version the grid sends back, so a save never silently overwrites a
 * grade changed elsewhere since it was shown.
 */
export function gradeHistoryMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;
      await s
        .alterTable('user_activities')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // The grade grid reads and writes a sheet's cells by activity: from this index alone, without a table lookup per cell.
      await s
        .createIndex('user_activities_sheet_idx')
        .on('user_activities')
        .columns(['activity_id', 'user_id', 'qualification', 'version'])
        .execute();
      await s.dropIndex('user_activities_activity_idx').execute();

      await createGradeHistoryTable(db, dialect, 'grade_history', GRADE_SOURCES_0005);
      await createGradeHistoryIndexes(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('grade_history').execute();
      await db.schema.createIndex('user_activities_activity_idx').on('user_activities').column('activity_id').execute();
      await db.schema.dropIndex('user_activities_sheet_idx').execute();
      await db.schema.alterTable('user_activities').dropColumn('version').execute();
    },
  };
}

/** The sources a history entry could have when the table was created (a later migration may allow more). */
export const GRADE_SOURCES_0005 = ['pantalla', 'importación', 'eliminación de actividad', 'deshacer importación'];

/**
 * The grade history table, its `source` limited to the given list (SQLite cannot change a check in place, so a
 * migration that allows another source builds the table again under another name with this).
 * activity_id and professor_subject_id are not foreign keys: the history outlives a deleted activity.
 */
export async function createGradeHistoryTable(
  db: Kysely<unknown>,
  dialect: Dialect,
  name: string,
  sources: readonly string[],
): Promise<void> {
  const pg = dialect === 'postgres';
  const float = pg ? sql`double precision` : sql`real`;
  await db.schema
    .createTable(name)
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('professor_subject_id', 'integer', (c) => c.notNull())
    .addColumn('activity_name', 'text', (c) => c.notNull())
    .addColumn('before', float)
    .addColumn('after', float)
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sourceCheck(sources)))
    .addColumn('batch_id', 'text')
    .execute();
}

/** `source in (…)`: the check on a history entry's source. */
export const sourceCheck = (sources: readonly string[]) => sql`source in (${sql.join(sources.map((s) => sql.lit(s)))})`;

/** The grade history's indexes. */
export async function createGradeHistoryIndexes(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createIndex('grade_history_cell_idx')
    .on('grade_history')
    .columns(['activity_id', 'user_id', 'changed_at'])
    .execute();
  await s
    .createIndex('grade_history_assignment_idx')
    .on('grade_history')
    .columns(['professor_subject_id', 'changed_at'])
    .execute();
  // Only imports (and their undoing) carry a batch: a grid save does not pay for this index.
  await s
    .createIndex('grade_history_batch_idx')
    .on('grade_history')
    .column('batch_id')
    .where(sql.ref('batch_id'), 'is not', null)
    .execute();
  await s.createIndex('grade_history_user_idx').on('grade_history').column('user_id').execute();
}
