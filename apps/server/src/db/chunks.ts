import type { Insertable } from 'kysely';
import type { Database, DbOrTrx } from './types.js';

/**
 * Bound parameters per statement, well under both databases' limits (SQLite 32,766 in recent builds, PostgreSQL
 * 65,535), leaving room for the other parameters of the query an `IN (...)` list sits in.
 */
export const MAX_BOUND_PARAMETERS = 10_000;

/** Runs `fn` on consecutive slices of `items` (one query each, in order) and concatenates what they answer. */
export async function inChunks<T, R>(
  items: readonly T[],
  fn: (chunk: T[]) => Promise<R[]>,
  size = MAX_BOUND_PARAMETERS / 2,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await fn(items.slice(i, i + size))));
  return out;
}

/** A multi-row insert split so that no statement binds more than `MAX_BOUND_PARAMETERS` values; run it in a transaction. */
export async function insertInChunks<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Math.max(1, Object.keys(rows[0] as object).length);
  const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns));
  await inChunks(
    rows,
    async (chunk) => {
      // The row type of a generic table cannot be narrowed by Kysely; the signature above keeps callers typed.
      await db
        .insertInto(table)
        .values(chunk as never)
        .execute();
      return [];
    },
    size,
  );
}
