import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Grade history and stale-write detection: every change of a grade is kept (who, when, before, after, source, the
 * import batch), and each stored grade carries a version the grid sends back, so a save never silently overwrites a
 * grade changed elsewhere since it was shown.
 */
export function gradeHistoryMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const float = pg ? sql`double precision` : sql`real`;
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

      // activity_id and professor_subject_id are not foreign keys: the history outlives a deleted activity.
      await s
        .createTable('grade_history')
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
        .addColumn('source', 'text', (c) =>
          c
            .notNull()
            .check(sql`source in ('pantalla', 'importación', 'eliminación de actividad', 'deshacer importación')`),
        )
        .addColumn('batch_id', 'text')
        .execute();
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
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('grade_history').execute();
      await db.schema.createIndex('user_activities_activity_idx').on('user_activities').column('activity_id').execute();
      await db.schema.dropIndex('user_activities_sheet_idx').execute();
      await db.schema.alterTable('user_activities').dropColumn('version').execute();
    },
  };
}
