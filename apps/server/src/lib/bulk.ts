import { CompiledQuery } from 'kysely';
import { onPostgres } from '../db/in-list.js';
import type { DbOrTrx } from '../db/types.js';

type Value = string | number | null;
/** A column written in bulk, with its PostgreSQL type for `unnest`. */
export type BulkColumn = readonly [name: string, pgType: 'int' | 'float8' | 'text'];

/**
 * A multi-row insert of the grade sheet's size (hundreds of rows), with an optional tail (`on conflict …`, `returning …`).
 * Kysely's builder spends longer compiling such a statement than the database spends running it, and PostgreSQL
 * plans a long VALUES list slowly, so these writes, and only they, are SQL text: on SQLite one `values (?, …), …`,
 * on PostgreSQL one array per column through `unnest`. Table and column names come from code; values are parameters.
 */
export async function insertRows<R>(
  db: DbOrTrx,
  table: string,
  columns: readonly BulkColumn[],
  rows: Value[][],
  tail = '',
): Promise<R[]> {
  if (!rows.length) return [];
  const names = columns.map(([name]) => name).join(', ');
  const query = onPostgres(db)
    ? CompiledQuery.raw(
        `insert into ${table} (${names}) select * from unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) ${tail}`,
        columns.map((_, i) => rows.map((r) => r[i] ?? null)),
      )
    : CompiledQuery.raw(
        `insert into ${table} (${names}) values ${rows.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')} ${tail}`,
        rows.flat(),
      );
  return (await db.executeQuery<R>(query)).rows;
}
