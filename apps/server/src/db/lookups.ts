import { sql } from 'kysely';
import type { Database, DbOrTrx } from './types.js';

export type TableWithId = {
  [T in keyof Database & string]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database & string];

/** Whether a row with this id exists. */
export function rowExists(db: DbOrTrx, table: TableWithId, id: number): Promise<boolean> {
  return rowWith(db, table, { id });
}

/** Whether a row holds all these values, each column equal to its value (a link between two rows, say). */
export async function rowWith<T extends TableWithId>(
  db: DbOrTrx,
  table: T,
  values: Partial<Record<keyof Database[T] & string, number>>,
): Promise<boolean> {
  const equal = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const { rows } = await sql`select 1 from ${sql.table(table)} where ${sql.join(equal, sql` and `)} limit 1`.execute(
    db,
  );
  return rows.length > 0;
}

/**
 * Whether another row (not `exceptId`) already holds this value, ignoring case and surrounding spaces: the rule of
 * every name or key a user types (career keys, period names, subject keys, group names, attribute names).
 */
export async function valueTaken<T extends TableWithId>(
  db: DbOrTrx,
  table: T,
  column: keyof Database[T] & string,
  value: string,
  exceptId: number | null,
  scope?: { column: keyof Database[T] & string; value: number | null },
): Promise<boolean> {
  const except = exceptId === null ? sql`` : sql` and id <> ${exceptId}`;
  const within = !scope
    ? sql``
    : scope.value === null
      ? sql` and ${sql.ref(scope.column)} is null`
      : sql` and ${sql.ref(scope.column)} = ${scope.value}`;
  const { rows } =
    await sql`select 1 from ${sql.table(table)} where lower(${sql.ref(column)}) = lower(${value.trim()})${except}${within} limit 1`.execute(
      db,
    );
  return rows.length > 0;
}

/** Reads one row of the reference data (the semesters): throws when the database does not answer (readiness). */
export async function pingDatabase(db: DbOrTrx): Promise<void> {
  await db.selectFrom('semesters').select('id').limit(1).execute();
}
