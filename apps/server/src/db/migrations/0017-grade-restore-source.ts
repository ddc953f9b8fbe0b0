import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import {
  GRADE_SOURCES_0005,
  createGradeHistoryIndexes,
  createGradeHistoryTable,
  sourceCheck,
} from './0005-grade-history.js';

/** A grade set again from its history ('Restaurar este valor') is recorded with its own source. */
const SOURCES = [...GRADE_SOURCES_0005, 'restauración'];

const COLUMNS = sql.join(
  [
    'id',
    'user_id',
    'activity_id',
    'professor_subject_id',
    'activity_name',
    'before',
    'after',
    'changed_by',
    'changed_at',
    'source',
    'batch_id',
  ].map((c) => sql.ref(c)),
);

/**
 * Lets the grade history record 'restauración'. PostgreSQL replaces the column's check; SQLite cannot alter a check,
 * so the table is built again with the new one, its rows copied (ids kept) and its indexes recreated.
 */
async function allowSources(db: Kysely<unknown>, dialect: Dialect, sources: readonly string[], dropped?: string) {
  if (dropped) await sql`update grade_history set source = 'pantalla' where source = ${dropped}`.execute(db);
  if (dialect === 'postgres') {
    await sql`alter table grade_history drop constraint grade_history_source_check`.execute(db);
    await sql`alter table grade_history add constraint grade_history_source_check check (${sourceCheck(sources)})`.execute(
      db,
    );
    return;
  }
  await createGradeHistoryTable(db, dialect, 'grade_history_next', sources);
  await sql`insert into grade_history_next (${COLUMNS}) select ${COLUMNS} from grade_history`.execute(db);
  await db.schema.dropTable('grade_history').execute();
  await db.schema.alterTable('grade_history_next').renameTo('grade_history').execute();
  await createGradeHistoryIndexes(db);
}

export function gradeRestoreSourceMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await allowSources(db, dialect, SOURCES);
    },
    // Going back, a restoration is kept as the grid change it amounts to.
    async down(db: Kysely<unknown>): Promise<void> {
      await allowSources(db, dialect, GRADE_SOURCES_0005, 'restauración');
    },
  };
}
