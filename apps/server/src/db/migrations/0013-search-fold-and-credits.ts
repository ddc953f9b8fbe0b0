import { sql, type Kysely } from 'kysely';
import { ES_FOLD_FROM, ES_FOLD_TO } from '@egreso/domain';
import type { Dialect } from '../connect.js';

/**
 * Two small schema changes.
 * - `es_search(text)`: the search fold of `@egreso/domain` `esSearchFold` (accents, case and the tilde of ñ ignored,
 *   digits as typed), used by `esContains`; SQLite registers the same function on every connection (db/connect.ts).
 * - Subject credits are "numeric 0 to 30": PostgreSQL keeps them as `numeric(4,2)` (4.5 exactly); SQLite's integer
 *   affinity already keeps a non-whole number as it is.
 */
export function searchFoldAndCreditsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      const fold = sql.raw(`replace(lower(translate(t, '${ES_FOLD_FROM}', '${ES_FOLD_TO}')), 'ñ', 'n')`);
      await sql`create function es_search(t text) returns text
        language sql immutable strict parallel safe as ${sql.raw('$$')} select ${fold} ${sql.raw('$$')}`.execute(db);
      await sql`alter table subjects alter column theory_credits type numeric(4,2),
        alter column practice_credits type numeric(4,2)`.execute(db);
    },
  };
}
