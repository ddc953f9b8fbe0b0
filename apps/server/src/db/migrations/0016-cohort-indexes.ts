import type { Kysely } from 'kysely';

/**
 * A generation's students from the index alone (plans in bench/RESULTS.md): the cohorts of the improvement actions'
 * measured results, the evidence and the division report read `user_generations` by generation for the user ids only,
 * which the (generation_id, active) index answered with a table lookup per student.
 */
export const cohortIndexesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('user_generations_generation_user_idx')
      .on('user_generations')
      .columns(['generation_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('user_generations_generation_user_idx').execute();
  },
};
