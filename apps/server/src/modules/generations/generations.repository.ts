import { generationName } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import type { Dependent } from '../../db/usage.js';

const GENERATION_COLUMNS = ['id', 'start_date', 'end_date', 'created_at', 'updated_at'] as const;

type GenerationRow = { id: number; start_date: string; end_date: string; created_at: string; updated_at: string };

/** A generation as the API answers it: with its 'YYYY-YYYY' name. */
export const presentGeneration = (g: GenerationRow) => ({
  ...g,
  generation_name: generationName(g.start_date, g.end_date),
});

/** Dates are 'YYYY-MM-DD' text, so the filters compare as text. */
export function listGenerations(db: DbOrTrx, filters: { from?: string; to?: string }) {
  let q = db.selectFrom('generations').select(GENERATION_COLUMNS);
  if (filters.from) q = q.where('start_date', '>=', filters.from);
  if (filters.to) q = q.where('start_date', '<=', filters.to);
  return q.orderBy('start_date').execute();
}

export function findGeneration(db: DbOrTrx, id: number) {
  return db.selectFrom('generations').select(GENERATION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function latestGenerationStart(db: DbOrTrx): Promise<string | null> {
  const row = await db
    .selectFrom('generations')
    .select('start_date')
    .orderBy('start_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.start_date ?? null;
}

export async function startDateTaken(db: DbOrTrx, startDate: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('generations').select('id').where('start_date', '=', startDate);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insertGeneration(db: DbOrTrx, values: { start_date: string; end_date: string }, now: string) {
  return db
    .insertInto('generations')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(GENERATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateGeneration(
  db: DbOrTrx,
  id: number,
  values: { start_date: string; end_date: string },
  now: string,
) {
  return db
    .updateTable('generations')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returning(GENERATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteGeneration(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('generations').where('id', '=', id).execute();
}

/** What keeps a generation from being deleted: its students' links. */
export const GENERATION_DEPENDENTS: readonly Dependent[] = [
  { table: 'user_generations', column: 'generation_id', noun: ['alumno vinculado', 'alumnos vinculados'] },
];
