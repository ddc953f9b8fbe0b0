import type { Kysely } from 'kysely';

/**
 * Indexes for the SQL aggregates of `modules/grades` (plans and timings in bench/RESULTS.md): a student's grades with
 * their values, so ratings of a generation or a student are read from the index alone, without a table lookup per grade.
 */
export const aggregateIndexesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('user_activities_user_grade_idx')
      .on('user_activities')
      .columns(['user_id', 'activity_id', 'qualification'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('user_activities_user_grade_idx').execute();
  },
};
