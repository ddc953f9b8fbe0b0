import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { DbOrTrx } from '../db/types.js';

type Value = string | number | null;

/**
 * Runs a multi-row statement written with `?` placeholders (numbered for PostgreSQL here). Kysely's builder spends
 * longer compiling an 800-row insert than the database spends running it, so the grade sheet's bulk writes, and only
 * they, are written as SQL text; table and column names come from code, values are always parameters.
 */
export async function runBulk<R>(db: DbOrTrx, text: string, parameters: Value[]): Promise<R[]> {
  let n = 0;
  const sqlText = db.getExecutor().adapter instanceof PostgresAdapter ? text.replace(/\?/g, () => `$${++n}`) : text;
  const result = await db.executeQuery<R>(CompiledQuery.raw(sqlText, parameters));
  return result.rows;
}

/** `(?, ?, ?), (?, ?, ?)` for `rows` rows of `columns` values. */
export function placeholders(rows: number, columns: number): string {
  const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
}
