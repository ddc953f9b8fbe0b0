import { sql, type Kysely } from 'kysely';
import { ES_DIGIT_WIDTH, ES_ENYE_KEY, ES_FOLD_FROM, ES_FOLD_TO } from '@egreso/domain';
import type { Dialect } from '../connect.js';

/**
 * Spanish order in SQL. PostgreSQL gets `es_fold(text)` (the folded text, for accent-insensitive search) and
 * `es_key(text)` (its UTF-8 bytes, compared byte by byte whatever the database collation); SQLite registers the same
 * two functions from `@egreso/domain` on every connection (db/connect.ts). Indexes serve the long name-ordered lists.
 */
export function spanishOrderMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        const pad = '0'.repeat(ES_DIGIT_WIDTH);
        const fold = sql.raw(`regexp_replace(
            regexp_replace(replace(lower(translate(t, '${ES_FOLD_FROM}', '${ES_FOLD_TO}')), 'ñ', '${ES_ENYE_KEY}'),
              '([0-9]+)', '${pad}\\1', 'g'),
            '0*([0-9]{${ES_DIGIT_WIDTH}})', '\\1', 'g')`);
        await sql`create function es_fold(t text) returns text
          language sql immutable strict parallel safe as ${sql.raw('$$')} select ${fold} ${sql.raw('$$')}`.execute(db);
        await sql`create function es_key(t text) returns bytea
          language sql immutable strict parallel safe as $$ select convert_to(es_fold(t), 'UTF8') $$`.execute(db);
      }
      await sql`create index users_role_name_es_idx on users (role, es_key(full_name), id)`.execute(db);
      await sql`create index subjects_name_es_idx on subjects (es_key(subject_name), id)`.execute(db);
    },
  };
}
