import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

type Q = Kysely<Database> | Transaction<Database>;

const CAREER_COLUMNS = ['id', 'career_key', 'name', 'created_at', 'updated_at'] as const;

export function listCareers(db: Q) {
  return db.selectFrom('careers').select(CAREER_COLUMNS).execute();
}

export function findCareer(db: Q, id: number) {
  return db.selectFrom('careers').select(CAREER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Career keys compare without case, so 'isc' and 'ISC' cannot coexist. */
export async function careerKeyTaken(db: Q, key: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('careers').select('id').where((eb) => eb(eb.fn('lower', ['career_key']), '=', key.toLowerCase()));
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertCareer(db: Q, values: { career_key: string; name: string }, now: string) {
  return db
    .insertInto('careers')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(CAREER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateCareer(db: Q, id: number, values: { career_key: string; name: string }, now: string) {
  return db
    .updateTable('careers')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returning(CAREER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteCareer(db: Q, id: number): Promise<void> {
  await db.deleteFrom('careers').where('id', '=', id).execute();
}

/** How many rows of each dependent table point at the career, in one round trip. */
export async function careerUsage(db: Q, id: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('user_careers').select((e) => e.fn.countAll<number>().as('n')).where('career_id', '=', id).as('users'),
      eb.selectFrom('subject_careers').select((e) => e.fn.countAll<number>().as('n')).where('career_id', '=', id).as('subjects'),
      eb.selectFrom('attributes').select((e) => e.fn.countAll<number>().as('n')).where('career_id', '=', id).as('attributes'),
      eb.selectFrom('professor_subjects').select((e) => e.fn.countAll<number>().as('n')).where('career_id', '=', id).as('assignments'),
    ])
    .executeTakeFirstOrThrow();
  return {
    users: Number(row.users ?? 0),
    subjects: Number(row.subjects ?? 0),
    attributes: Number(row.attributes ?? 0),
    assignments: Number(row.assignments ?? 0),
  };
}
