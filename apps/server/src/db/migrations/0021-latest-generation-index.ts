import type { Kysely } from 'kysely';

/**
 * A person's latest generation link (the one that decides their status on the people lists) read from one index
 * entry: the links of a user in id order, with their status, so `order by id desc limit 1` needs neither a sort nor a
 * table lookup. The Students screen checks it for each student of its page and of a chief's count (bench/RESULTS.md).
 */
export const latestGenerationIndexMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('user_generations_user_latest_idx')
      .on('user_generations')
      .columns(['user_id', 'id', 'active'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('user_generations_user_latest_idx').execute();
  },
};
