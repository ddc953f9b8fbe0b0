import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Account safety: the first-sign-in mark on users (a password someone else set must be changed by its owner), and
 * the sign-in throttle's counters replacing the per-e-mail lock. On PostgreSQL the counters live in a table that
 * every process shares (the layout rate-limiter-flexible's PostgreSQL store reads and writes); SQLite is served by
 * one process, which keeps them in memory.
 */
export function accountSafetyMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('must_change_password', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`must_change_password in (0, 1)`),
        )
        .execute();
      await db.schema.dropTable('login_failures').execute();
      await db.schema.dropTable('login_lockouts').execute();
      if (pg) {
        await db.schema
          .createTable('login_throttle')
          .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
          .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('expire', 'bigint')
          .execute();
        await db.schema.createIndex('login_throttle_expire_idx').on('login_throttle').column('expire').execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (pg) await db.schema.dropTable('login_throttle').execute();
      await db.schema.alterTable('users').dropColumn('must_change_password').execute();
    },
  };
}
