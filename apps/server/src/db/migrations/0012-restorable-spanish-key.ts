import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * PostgreSQL: `es_key` calls `es_fold` by its schema's name. pg_restore runs with an empty search_path, and the
 * indexes on `es_key(…)` are rebuilt there: with the unqualified call a restore of a `pg_dump` failed
 * ('function es_fold(text) does not exist'). The body is the same call, so the indexes stay valid; the function
 * stays an inlinable SQL function (a `set search_path` clause would stop that).
 */
export function restorableSpanishKeyMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{ schema: string }>`select quote_ident(current_schema()) as schema`.execute(db);
      const fold = `${rows[0]!.schema}.es_fold`;
      await sql`create or replace function es_key(t text) returns bytea
        language sql immutable strict parallel safe as ${sql.raw(`$$ select convert_to(${fold}(t), 'UTF8') $$`)}`.execute(
        db,
      );
    },
  };
}
