import { PostgresAdapter, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from './types.js';

/** `column in (ids)`, and false for an empty list (which SQL cannot write). */
export const inList = (column: string, ids: readonly number[]): Expression<SqlBool> =>
  ids.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})` : sql<boolean>`1 = 0`;

/** True when `db` speaks to PostgreSQL: the few statements whose best form differs by database ask this. */
export const onPostgres = (db: DbOrTrx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `column` among the values a subquery selects. PostgreSQL: `= any (array(...))`, a list the planner sees, so an
 * index is read once in the list's order (a semi-join hashes the subquery and loses the order: 73 ms instead of 30
 * for a generation of the scale data), and a list of a few marked ids is not planned as a table it knows nothing of.
 * SQLite: `in (...)`, which it walks in order already.
 */
export const inSubquery = (db: DbOrTrx, column: string, subquery: Expression<unknown>): RawBuilder<boolean> =>
  onPostgres(db)
    ? sql<boolean>`${sql.ref(column)} = any (array(${subquery}))`
    : sql<boolean>`${sql.ref(column)} in ${subquery}`;
