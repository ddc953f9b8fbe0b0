import type { Kysely } from 'kysely';

/**
 * Gradebook imports (Moodle, Google Classroom): how each column of a learning platform's export was mapped onto a
 * sheet's activity (and the maximum the teacher gave when the file did not say it), remembered per sheet for the
 * next import; and the name of the file each import came from, beside its grade-history batch.
 */
export const gradebookImportsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('gradebook_columns')
      .addColumn('professor_subject_id', 'integer', (c) =>
        c.notNull().references('professor_subjects.id').onDelete('cascade'),
      )
      .addColumn('source_key', 'varchar(300)', (c) => c.notNull())
      .addColumn('activity_id', 'integer', (c) => c.references('activities.id').onDelete('set null'))
      .addColumn('max_points', 'double precision')
      .addPrimaryKeyConstraint('gradebook_columns_pk', ['professor_subject_id', 'source_key'])
      .execute();
    await db.schema
      .createTable('grade_import_files')
      .addColumn('batch_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('source_kind', 'varchar(20)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('grade_import_files').execute();
    await db.schema.dropTable('gradebook_columns').execute();
  },
};
