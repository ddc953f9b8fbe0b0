import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { esKey } from '../../db/spanish.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { selectAttributeRatings, type RatingFilter } from '../grades/grades.repository.js';
import { refreshRatingSums } from '../grades/rating-sums.js';

export interface RatingRecordRow {
  attribute_id: number;
  attribute_name: string;
  subject_id: number;
  rating: number;
  user_id: number;
  gender: number | null;
}

/**
 * The division report's rating records (DESIGN §3): one per student, subject and attribute with a rating, with the
 * attribute's name and the student's gender; ordered by attribute name, subject and student.
 */
export async function listRatingRecords(db: DbOrTrx, filter: RatingFilter): Promise<RatingRecordRow[]> {
  await refreshRatingSums(db);
  const rows = await db
    .selectFrom(selectAttributeRatings(db, filter).as('r'))
    .innerJoin(spanishRanks(db, 'attributes', 'attribute_name').as('at'), 'at.id', 'r.attribute_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.attribute_id', 'at.name as attribute_name', 'r.subject_id', 'r.rating', 'r.user_id', 'u.gender'])
    .orderBy('at.rank')
    .orderBy('r.subject_id')
    .orderBy('r.user_id')
    .execute();
  return rows.map((r) => ({ ...r, rating: r.rating! }));
}

type Named = 'users' | 'subjects' | 'attributes';
type NameColumn<T extends Named> = T extends 'users' ? 'full_name' : T extends 'subjects' ? 'subject_name' : 'attribute_name';

/**
 * A table's rows with their rank in Spanish order (`es_key(name)`, then id): ordering a query's rows by the rank
 * equals ordering them by `es_key(name), id`, with the key computed once per named row instead of once per record
 * (55,000 calls of PostgreSQL's `es_key` for a generation's records, most of the report's time).
 */
function spanishRanks<T extends Named>(db: DbOrTrx, table: T, column: NameColumn<T>, ids?: RawBuilder<unknown>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one ranking for three tables with different name columns
  const q = (db as any).selectFrom(table).select([
    'id', sql.ref(column).as('name'), sql<number>`row_number() over (order by ${esKey(column)}, id)`.as('rank'),
  ]);
  return (ids ? q.where(sql<boolean>`id in (${ids})`) : q) as SelectQueryBuilder<Database, T, { id: number; name: string; rank: number }>;
}

export interface ExportRecordRow {
  user_id: number;
  controlnumber: string | null;
  full_name: string;
  gender: number | null;
  subject_key: string;
  subject_name: string;
  attribute_id: number;
  attribute_name: string;
  career_name: string | null;
  rating: number;
}

/** The same records with the names a spreadsheet shows, ordered by student name, subject and attribute. */
export async function listExportRecords(db: DbOrTrx, filter: RatingFilter): Promise<ExportRecordRow[]> {
  await refreshRatingSums(db);
  // The ratings once (materialized), then each student, subject and attribute ranked in Spanish order once.
  const rows = await db
    .with((cte) => cte('r').materialized(), () => selectAttributeRatings(db, filter))
    .selectFrom('r')
    .innerJoin(spanishRanks(db, 'users', 'full_name', sql`select user_id from r`).as('ur'), 'ur.id', 'r.user_id')
    .innerJoin(spanishRanks(db, 'subjects', 'subject_name', sql`select subject_id from r`).as('sr'), 'sr.id', 'r.subject_id')
    .innerJoin(spanishRanks(db, 'attributes', 'attribute_name').as('ar'), 'ar.id', 'r.attribute_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .innerJoin('attributes as at', 'at.id', 'r.attribute_id')
    .leftJoin('careers as c', 'c.id', 'at.career_id')
    .select(['r.user_id', 'u.controlnumber', 'u.full_name', 'u.gender', 's.subject_key', 's.subject_name', 'r.attribute_id', 'at.attribute_name', 'c.name as career_name', 'r.rating'])
    .orderBy('ur.rank')
    .orderBy('sr.rank')
    .orderBy('ar.rank')
    .execute();
  return rows.map((r) => ({ ...r, rating: r.rating! }));
}

/** Names of the chosen filters, for the export's filter sheet and its file name. */
export async function findFilterNames(db: DbOrTrx, filter: { generationId: number; subjectId?: number; periodId?: number; attributeId?: number }) {
  const generation = await db.selectFrom('generations').select(['start_date', 'end_date']).where('id', '=', filter.generationId).executeTakeFirst();
  const subject = filter.subjectId === undefined ? undefined
    : await db.selectFrom('subjects').select(['subject_name', 'subject_key']).where('id', '=', filter.subjectId).executeTakeFirst();
  const period = filter.periodId === undefined ? undefined
    : await db.selectFrom('periods').select('period_name').where('id', '=', filter.periodId).executeTakeFirst();
  const attribute = filter.attributeId === undefined ? undefined
    : await db.selectFrom('attributes').select('attribute_name').where('id', '=', filter.attributeId).executeTakeFirst();
  return { generation, subject, period, attribute };
}
