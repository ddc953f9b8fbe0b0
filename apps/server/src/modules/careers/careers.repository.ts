import type { Dependent } from '../../db/usage.js';
import { esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';

const CAREER_COLUMNS = ['id', 'career_key', 'name', 'created_at', 'updated_at'] as const;

export function listCareers(db: DbOrTrx) {
  return db
    .selectFrom('careers')
    .select(CAREER_COLUMNS)
    .orderBy(esKey('name'))
    .orderBy(esKey('career_key'))
    .orderBy('id')
    .execute();
}

export function findCareer(db: DbOrTrx, id: number) {
  return db.selectFrom('careers').select(CAREER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertCareer(db: DbOrTrx, values: { career_key: string; name: string }, now: string) {
  return db
    .insertInto('careers')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(CAREER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateCareer(db: DbOrTrx, id: number, values: { career_key: string; name: string }, now: string) {
  return db
    .updateTable('careers')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returning(CAREER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** What keeps a career from being deleted, as the administrator's message lists it. */
export const CAREER_DEPENDENTS: Dependent[] = [
  { table: 'user_careers', column: 'career_id', noun: ['jefe o usuario', 'jefes o usuarios'] },
  { table: 'subject_careers', column: 'career_id', noun: ['materia', 'materias'] },
  { table: 'attributes', column: 'career_id', noun: ['atributo', 'atributos'] },
  { table: 'professor_subjects', column: 'career_id', noun: ['asignación', 'asignaciones'] },
];
