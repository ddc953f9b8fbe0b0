import { SHARED_ATTRIBUTE_CAREER, attributeDisplayName } from '@egreso/domain';
import { inChunks } from '../../db/chunks.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { listAttributeRatingsUnordered, type RatingFilter } from '../ratings/index.js';

export interface RatingRecordRow {
  attribute_id: number;
  attribute_name: string;
  subject_id: number;
  rating: number;
  user_id: number;
  gender: number | null;
  career_id: number | null;
  career_key: string | null;
}

/**
 * The division report's rating records (DESIGN §3): one per student, subject and attribute with a rating, with the
 * attribute's name and career and the student's gender; ordered by attribute (`byAttributeOrder`), subject and
 * student.
 */
export async function listRatingRecords(db: DbOrTrx, filter: RatingFilter): Promise<RatingRecordRow[]> {
  // The ratings alone (grouped in index order, no join), sorted here: joining the students' genders and sorting in
  // SQL cost PostgreSQL 55,000 index lookups and an on-disk sort for a generation (~150 ms of a 300 ms budget).
  const [rows, attributes] = await Promise.all([listAttributeRatingsUnordered(db, filter), rankedAttributes(db)]);
  const students = [...new Set(rows.map((r) => r.user_id))];
  const genders = new Map(
    (
      await inChunks(students, (ids) =>
        db.selectFrom('users').select(['id', 'gender']).where('id', 'in', ids).execute(),
      )
    ).map((u) => [u.id, u.gender]),
  );
  const attribute = new Map(attributes.map((a) => [a.id, a]));
  // Attribute in the attributes' order (its rank: code, name, id), then subject, then student.
  const records = rows.map((r) => {
    const a = attribute.get(r.attribute_id)!;
    return {
      rank: a.rank,
      row: {
        attribute_id: r.attribute_id,
        attribute_name: a.attribute_name,
        subject_id: r.subject_id,
        rating: r.rating!,
        user_id: r.user_id,
        gender: genders.get(r.user_id) ?? null,
        career_id: a.career_id,
        career_key: a.career_key,
      },
    };
  });
  records.sort((x, y) => x.rank - y.rank || x.row.subject_id - y.row.subject_id || x.row.user_id - y.row.user_id);
  return records.map((r) => r.row);
}

/**
 * Every attribute with its career and its rank in the attributes' order (`byAttributeOrder`): ordering records by the
 * rank orders them as the SQL order would, with the keys computed once per attribute instead of once per record.
 */
function rankedAttributes(db: DbOrTrx) {
  return db
    .selectFrom('attributes as at')
    .leftJoin('careers as c', 'c.id', 'at.career_id')
    .select(['at.id', 'at.attribute_name', 'at.career_id', 'c.career_key', 'c.name as career_name'])
    .$call(byAttributeOrder('at'))
    .execute()
    .then((rows) => rows.map((row, rank) => ({ ...row, rank })));
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
  // The ratings alone, then the few hundred students and subjects, each with its Spanish key (`es_key`, bytes), and
  // the attributes ranked in their order: ordered here by (key, id) per table and then per record, as the SQL order
  // was, instead of joining three tables to 55,000 rows and sorting them on disk. A shared attribute says so.
  const rows = await listAttributeRatingsUnordered(db, filter);
  const studentIds = [...new Set(rows.map((r) => r.user_id))];
  const subjectIds = [...new Set(rows.map((r) => r.subject_id))];
  const [students, subjects, attributeRows] = await Promise.all([
    inChunks(studentIds, (ids) =>
      db
        .selectFrom('users')
        .select(['id', 'controlnumber', 'full_name', 'gender', esKey('full_name').as('key')])
        .where('id', 'in', ids)
        .execute(),
    ),
    inChunks(subjectIds, (ids) =>
      db
        .selectFrom('subjects')
        .select(['id', 'subject_key', 'subject_name', esKey('subject_name').as('key')])
        .where('id', 'in', ids)
        .execute(),
    ),
    rankedAttributes(db),
  ]);
  const student = ranked(students);
  const subject = ranked(subjects);
  const attribute = new Map(attributeRows.map((row) => [row.id, { rank: row.rank, row }]));
  const records = rows.map((r) => {
    const u = student.get(r.user_id)!;
    const s = subject.get(r.subject_id)!;
    const a = attribute.get(r.attribute_id)!;
    return {
      u: u.rank,
      s: s.rank,
      a: a.rank,
      row: {
        user_id: r.user_id,
        controlnumber: u.row.controlnumber,
        full_name: u.row.full_name,
        gender: u.row.gender,
        subject_key: s.row.subject_key,
        subject_name: s.row.subject_name,
        attribute_id: r.attribute_id,
        attribute_name: attributeDisplayName(a.row.attribute_name, a.row.career_id === null),
        career_name: a.row.career_id === null ? SHARED_ATTRIBUTE_CAREER : a.row.career_name,
        rating: r.rating!,
      },
    };
  });
  records.sort((x, y) => x.u - y.u || x.s - y.s || x.a - y.a);
  return records.map((r) => r.row);
}

/**
 * Rows by id with their rank in Spanish order: `es_key` bytes compared byte by byte (as both databases compare
 * them), then the id.
 */
function ranked<T extends { id: number; key: Uint8Array }>(rows: T[]): Map<number, { rank: number; row: T }> {
  const sorted = [...rows].sort((x, y) => Buffer.compare(x.key, y.key) || x.id - y.id);
  return new Map(sorted.map((row, rank) => [row.id, { rank, row }]));
}

/** Names of the chosen filters, for the export's filter sheet and its file name. */
export async function findFilterNames(
  db: DbOrTrx,
  filter: {
    generationId: number;
    subjectId?: number;
    periodId?: number;
    attributeId?: number;
    careerIds?: readonly number[];
  },
) {
  const generation = await db
    .selectFrom('generations')
    .select(['start_date', 'end_date'])
    .where('id', '=', filter.generationId)
    .executeTakeFirst();
  const subject =
    filter.subjectId === undefined
      ? undefined
      : await db
          .selectFrom('subjects')
          .select(['subject_name', 'subject_key'])
          .where('id', '=', filter.subjectId)
          .executeTakeFirst();
  const period =
    filter.periodId === undefined
      ? undefined
      : await db.selectFrom('periods').select('period_name').where('id', '=', filter.periodId).executeTakeFirst();
  const attribute =
    filter.attributeId === undefined
      ? undefined
      : await db
          .selectFrom('attributes')
          .select(['attribute_name', 'career_id'])
          .where('id', '=', filter.attributeId)
          .executeTakeFirst();
  const careers = filter.careerIds?.length
    ? (
        await db
          .selectFrom('careers')
          .select('name')
          .where('id', 'in', [...filter.careerIds])
          .orderBy(esKey('name'))
          .orderBy('id')
          .execute()
      ).map((c) => c.name)
    : [];
  return { generation, subject, period, attribute, careers };
}

/** Every career's id (an administrator's report covers them all). */
export async function listCareerIds(db: DbOrTrx): Promise<number[]> {
  return (await db.selectFrom('careers').select('id').orderBy('id').execute()).map((c) => c.id);
}

/**
 * The named attributes of a report, in the attributes' order (`byAttributeOrder`), with their careers: a handful per
 * career, whose ids bind well under any limit.
 */
export async function listReportAttributes(db: DbOrTrx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('attributes as at')
    .leftJoin('careers as c', 'c.id', 'at.career_id')
    .select(['at.id', 'at.attribute_name', 'at.career_id', 'c.career_key', 'c.name as career_name'])
    .where('at.id', 'in', [...ids])
    .$call(byAttributeOrder('at'))
    .execute();
}
