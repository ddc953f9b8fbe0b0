import { sql } from 'kysely';
import { conflict } from '../lib/http-errors.js';
import { MAX_BOUND_PARAMETERS, inChunks } from './chunks.js';
import type { TableWithId } from './lookups.js';
import type { Database, DbOrTrx } from './types.js';

/** A table and column that point at a row, with the Spanish noun for what it holds, singular and plural. */
export type Dependent = {
  [T in keyof Database & string]: { table: T; column: keyof Database[T] & string; noun: [one: string, many: string] };
}[keyof Database & string];

/** How many rows point at a row, per dependent. */
export type Usage = { count: number; noun: [one: string, many: string] };

/** Counts the rows of every dependent that point at `id`, in one round trip. */
export async function countDependents(db: DbOrTrx, id: number, dependents: readonly Dependent[]): Promise<Usage[]> {
  const counts = dependents.map(
    (d, i) =>
      sql`(select count(*) from ${sql.table(d.table)} where ${sql.ref(d.column)} = ${id}) as ${sql.ref(`n${i}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(counts)}`.execute(db);
  const row = rows[0] ?? {};
  return dependents.map((d, i) => ({ count: Number(row[`n${i}`] ?? 0), noun: d.noun }));
}

/**
 * The 409 text, or null when nothing depends on the row. 'counted': 'El grupo no puede eliminarse porque tiene
 * 7 alumnos y 2 asignaciones.'; 'listed': 'La carrera "X" no puede eliminarse porque tiene registros asociados:
 * materias (2), atributos (1).'
 */
export function inUseMessage(
  subject: string,
  usages: readonly Usage[],
  form: 'counted' | 'listed' = 'counted',
): string | null {
  const used = usages.filter((u) => u.count > 0);
  if (used.length === 0) return null;
  if (form === 'listed') {
    return `${subject} no puede eliminarse porque tiene registros asociados: ${used.map((u) => `${u.noun[1]} (${u.count})`).join(', ')}.`;
  }
  const parts = used.map(({ count, noun }) => `${count} ${count === 1 ? noun[0] : noun[1]}`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  return `${subject} no puede eliminarse porque tiene ${list}.`;
}

/**
 * Refuses (409) to delete a row that others still point at; call it inside the deleting transaction. `subject` names
 * the row in the counted or listed sentence; a function writes the whole text instead, from the dependents in use.
 */
export async function refuseIfInUse(
  db: DbOrTrx,
  id: number,
  dependents: readonly Dependent[],
  subject: string | ((used: Usage[]) => string),
  form: 'counted' | 'listed' = 'counted',
): Promise<void> {
  const usages = await countDependents(db, id, dependents);
  const used = usages.filter((u) => u.count > 0);
  if (used.length === 0) return;
  throw conflict(typeof subject === 'string' ? inUseMessage(subject, usages, form)! : subject(used));
}

/** The ids among `ids` that a row of some dependent points at (one query per slice of ids). */
export async function idsInUse(db: DbOrTrx, ids: readonly number[], dependents: readonly Dependent[]) {
  const rows = await inChunks(
    [...new Set(ids)],
    async (slice) => {
      const pointing = dependents.map(
        (d) =>
          sql`select ${sql.ref(d.column)} as id from ${sql.table(d.table)} where ${sql.ref(d.column)} in (${sql.join(slice)})`,
      );
      return (await sql<{ id: number }>`${sql.join(pointing, sql` union `)}`.execute(db)).rows;
    },
    // Each id is bound once per dependent: a slice stays well under the bound-parameter limit.
    Math.floor(MAX_BOUND_PARAMETERS / (2 * Math.max(1, dependents.length))),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Refuses (409) to delete rows of which some are still pointed at; `message` names those in use. */
export async function refuseIfAnyInUse(
  db: DbOrTrx,
  ids: readonly number[],
  dependents: readonly Dependent[],
  message: (used: ReadonlySet<number>) => string,
): Promise<void> {
  if (ids.length === 0) return;
  const used = await idsInUse(db, ids, dependents);
  if (used.size > 0) throw conflict(message(used));
}

/** Deletes the row `id` of `table` unless others still point at it (409, as `refuseIfInUse`); inside a transaction. */
export async function deleteUnlessInUse(
  db: DbOrTrx,
  table: TableWithId,
  id: number,
  dependents: readonly Dependent[],
  subject: string,
  form: 'counted' | 'listed' = 'counted',
): Promise<void> {
  await refuseIfInUse(db, id, dependents, subject, form);
  await sql`delete from ${sql.table(table)} where id = ${id}`.execute(db);
}
