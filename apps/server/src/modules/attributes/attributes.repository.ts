import type { Attribute } from '@egreso/domain';
import { byAttributeOrder } from '../../db/spanish.js';
import type { DbOrTrx, RowOf } from '../../db/types.js';
import type { Dependent } from '../../db/usage.js';

/**
 * Attributes (`a`) with their career (`c`), selecting what every answer about an attribute says of it (read by
 * `presentAttribute`); the attribute screens and a subject's attributes build on it.
 */
export function attributesWithCareer(db: DbOrTrx) {
  return db
    .selectFrom('attributes as a')
    .leftJoin('careers as c', 'c.id', 'a.career_id')
    .select(['a.id', 'a.attribute_name', 'a.description', 'a.codigo', 'a.career_id', 'c.name as career_name']);
}

/** What every answer about an attribute says of it, from a row of `attributesWithCareer`. */
export function presentAttribute(r: RowOf<typeof attributesWithCareer>) {
  return {
    id: r.id,
    attribute_name: r.attribute_name,
    description: r.description,
    codigo: r.codigo,
    career_id: r.career_id,
    career: r.career_id === null ? null : { id: r.career_id, name: r.career_name ?? '' },
  };
}

function attributesQuery(db: DbOrTrx) {
  return attributesWithCareer(db).select(['a.created_at', 'a.updated_at']);
}

function present(r: RowOf<typeof attributesQuery>): Attribute {
  return { ...presentAttribute(r), created_at: r.created_at, updated_at: r.updated_at };
}

export async function listAttributes(db: DbOrTrx): Promise<Attribute[]> {
  const rows = await attributesQuery(db).$call(byAttributeOrder('a')).execute();
  return rows.map(present);
}

export async function findAttribute(db: DbOrTrx, id: number): Promise<Attribute | undefined> {
  const row = await attributesQuery(db).where('a.id', '=', id).executeTakeFirst();
  return row ? present(row) : undefined;
}

export interface AttributeValues {
  attribute_name: string;
  description: string | null;
  codigo: string | null;
  career_id: number | null;
}

export async function insertAttribute(db: DbOrTrx, values: AttributeValues, now: string): Promise<number> {
  const row = await db
    .insertInto('attributes')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAttribute(db: DbOrTrx, id: number, values: AttributeValues, now: string): Promise<void> {
  await db
    .updateTable('attributes')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** What keeps an attribute from being deleted: subjects, activities, observations and rubric criteria that use it. */
export const ATTRIBUTE_DEPENDENTS: Dependent[] = [
  { table: 'subject_attributes', column: 'attribute_id', noun: ['materia', 'materias'] },
  { table: 'activity_attributes', column: 'attribute_id', noun: ['actividad', 'actividades'] },
  { table: 'observations', column: 'attribute_id', noun: ['observación', 'observaciones'] },
  { table: 'evaluation_criterias', column: 'attribute_id', noun: ['criterio de rúbrica', 'criterios de rúbrica'] },
];
