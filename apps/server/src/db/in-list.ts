import { sql, type Expression, type SqlBool } from 'kysely';

/** `column in (ids)`, and false for an empty list (which SQL cannot write). */
export const inList = (column: string, ids: readonly number[]): Expression<SqlBool> =>
  ids.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})` : sql<boolean>`1 = 0`;
