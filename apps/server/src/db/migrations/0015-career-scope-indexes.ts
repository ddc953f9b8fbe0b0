import type { Kysely } from 'kysely';

/**
 * The chief's career filters (DESIGN §5, `db/career-scope.ts`): people of a set of careers are read from the career
 * side of `user_careers` without a table lookup per link. The person side is the (user_id, career_id) unique index.
 */
export const careerScopeIndexesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('user_careers_career_user_idx')
      .on('user_careers')
      .columns(['career_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('user_careers_career_user_idx').execute();
  },
};
