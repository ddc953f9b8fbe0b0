import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_BOUND_PARAMETERS, inChunks } from '../../db/chunks.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { refreshRatingSums } from './rating-sums.js';

/*
 * Every aggregate of DESIGN §3 computed in SQL, identically on SQLite and PostgreSQL, and equal to the domain's
 * `weightedMean` / `averageRatings` on every input: grades and ponderations are read in hundredths
 * (floor(x * 100 + 0.5), the same IEEE operations in both engines and in JavaScript), the sums are integers, and the
 * one decimal is the exact quotient rounded half up by integer division. Values are answered as tenths (integers, for
 * band comparisons) and as the one-decimal number (tenths / 10).
 */

const hundredths = (column: string): RawBuilder<number> =>
  sql<number>`cast(floor(${sql.ref(column)} * 100 + 0.5) as bigint)`;

/** Σ grade×weight and Σ weight in hundredths over the rows that count (graded, positive ponderation). */
function weightedSums(graded: RawBuilder<unknown> | null) {
  const q = hundredths('ua.qualification');
  const w = hundredths('a.ponderation');
  const product = graded ? sql`case when ${graded} then ${q} * ${w} else 0 end` : sql`${q} * ${w}`;
  const weight = graded ? sql`case when ${graded} then ${w} else 0 end` : w;
  return { sum: sql<number>`cast(sum(${product}) as bigint)`, weights: sql<number>`cast(sum(${weight}) as bigint)` };
}

/** Half-up tenths of sum / (100 × weights) ×10, by integer division; null when nothing was weighed. */
function tenthsOf({ sum, weights }: ReturnType<typeof weightedSums>): RawBuilder<number | null> {
  return sql<number | null>`case when ${weights} > 0 then (2 * ${sum} + 10 * ${weights}) / (20 * ${weights}) end`;
}

const fromTenths = (tenths: RawBuilder<number | null>) => sql<number | null>`cast(${tenths} as double precision) / 10`;

const isGraded = sql`ua.qualification is not null and a.ponderation > 0`;

/** `column in (ids)`, and false for an empty list (which SQL cannot write). */
const inList = (column: string, ids: readonly number[]): Expression<SqlBool> =>
  ids.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})` : sql<boolean>`1 = 0`;

export interface FinalGradeFilter {
  professorSubjectIds?: readonly number[];
  userIds?: readonly number[];
}

/**
 * Final grades (ponderation-weighted mean of graded activities) per student and professor-subject, as a query to
 * join or filter further: one row per student with any grade row in the assignment; `final_grade` is null when none
 * is graded.
 */
export function selectFinalGrades(db: DbOrTrx, filter: FinalGradeFilter) {
  const sums = weightedSums(isGraded);
  const tenths = tenthsOf(sums);
  let q = db
    .selectFrom('user_activities as ua')
    .innerJoin('activities as a', 'a.id', 'ua.activity_id')
    .select(['ua.user_id', 'a.professor_subject_id', tenths.as('final_tenths'), fromTenths(tenths).as('final_grade')])
    .groupBy(['ua.user_id', 'a.professor_subject_id']);
  if (filter.professorSubjectIds) q = q.where(inList('a.professor_subject_id', filter.professorSubjectIds));
  if (filter.userIds) q = q.where(inList('ua.user_id', filter.userIds));
  return q;
}

export interface FinalGrade {
  user_id: number;
  final_grade: number | null;
}

/** Final grades of the students graded in one professor-subject (a whole group in one query), by student id. */
export async function listFinalGrades(db: DbOrTrx, professorSubjectId: number): Promise<FinalGrade[]> {
  const rows = await selectFinalGrades(db, { professorSubjectIds: [professorSubjectId] })
    .orderBy('ua.user_id')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, final_grade: r.final_grade }));
}

/** Which rating records to compute; every field narrows, none given means every student of every subject. */
export interface RatingFilter {
  /** Chosen students; a cohort goes through `generationId` instead (the list functions chunk a long list). */
  userIds?: readonly number[];
  subjectId?: number;
  /** Only grades of assignments given to this group. */
  groupId?: number;
  /** Only grades of assignments of this period. */
  periodId?: number;
  /** Only students linked to this generation. */
  generationId?: number;
  attributeId?: number;
  /**
   * Only these careers' attributes, each rated for the students linked to its career (the cohort evidence's rule:
   * a student counts in a career's attributes when linked to that career).
   */
  careerIds?: readonly number[];
}

/** Σ grade×weight and Σ weight in hundredths of the stored sums the query groups (`rating-sums.ts`). */
function storedSums() {
  return { sum: sql<number>`cast(sum(s.weighted_sum) as bigint)`, weights: sql<number>`cast(sum(s.weight_sum) as bigint)` };
}

/**
 * Attribute ratings (DESIGN §3): per student, attribute and subject, the ponderation-weighted mean of the student's
 * grades on the activities of that subject's assignments linked to the attribute. Null ratings are left out. A query,
 * so reports can aggregate over it in SQL.
 *
 * It reads the weighted sums kept per student, assignment and attribute (`rating-sums.ts`): the caller must
 * `await refreshRatingSums(db)` first (the list functions below do).
 */
export function selectAttributeRatings(db: DbOrTrx, filter: RatingFilter) {
  const sums = storedSums();
  const tenths = tenthsOf(sums);
  return db
    .selectFrom('attribute_rating_sums as s')
    .select(['s.user_id', 's.attribute_id', 's.subject_id', tenths.as('rating_tenths'), fromTenths(tenths).as('rating')])
    // In the order of attribute_rating_sums_user_idx, so a generation's rows are grouped as the index gives them.
    .groupBy(['s.user_id', 's.subject_id', 's.attribute_id'])
    .having(sums.weights, '>', 0)
    .where((eb) => ratingConditions(db, eb, filter));
}

/**
 * Attribute ratings of one period's assignments: per student, attribute, subject and period, the same weighted mean
 * over the grades of that subject's assignments in that period (the cohort evidence's trend). Assignments without a
 * period are left out. Reads the stored sums: `await refreshRatingSums(db)` first.
 */
export function selectPeriodAttributeRatings(db: DbOrTrx, filter: RatingFilter) {
  const sums = storedSums();
  const tenths = tenthsOf(sums);
  return db
    .selectFrom('attribute_rating_sums as s')
    .where('s.period_id', 'is not', null)
    .select(['s.user_id', 's.attribute_id', 's.subject_id', sql<number>`s.period_id`.as('period_id'), tenths.as('rating_tenths'), fromTenths(tenths).as('rating')])
    .groupBy(['s.user_id', 's.subject_id', 's.attribute_id', 's.period_id'])
    .having(sums.weights, '>', 0)
    .where((eb) => ratingConditions(db, eb, filter));
}

type RatingTables = Database & { s: Database['attribute_rating_sums'] };

/** The filter's conditions on the stored sums `s` (true when nothing narrows). */
function ratingConditions(db: DbOrTrx, eb: ExpressionBuilder<RatingTables, 's'>, filter: RatingFilter) {
  const conditions: Array<Expression<SqlBool>> = [];
  if (filter.userIds) conditions.push(inList('s.user_id', filter.userIds));
  if (filter.subjectId !== undefined) conditions.push(eb('s.subject_id', '=', filter.subjectId));
  if (filter.groupId !== undefined) conditions.push(eb('s.group_id', '=', filter.groupId));
  if (filter.periodId !== undefined) conditions.push(eb('s.period_id', '=', filter.periodId));
  if (filter.attributeId !== undefined) conditions.push(eb('s.attribute_id', '=', filter.attributeId));
  if (filter.careerIds !== undefined) {
    const careerIds = filter.careerIds.length ? [...filter.careerIds] : [0];
    conditions.push(eb.exists(eb.selectFrom('attributes as ca').innerJoin('user_careers as cuc', 'cuc.career_id', 'ca.career_id')
      .select('ca.id').whereRef('ca.id', '=', 's.attribute_id').whereRef('cuc.user_id', '=', 's.user_id').where('ca.career_id', 'in', careerIds)));
  }
  if (filter.generationId !== undefined) {
    const students = eb.selectFrom('user_generations').select('user_generations.user_id').where('user_generations.generation_id', '=', filter.generationId);
    // PostgreSQL: `= any (array(...))` reads the index once in student order, so the rows come grouped without a sort
    // (a semi-join hashes the students and loses the order: 73 ms instead of 30 for a generation of the scale data).
    // SQLite walks an `in (...)` list in order already.
    conditions.push(db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<boolean>`s.user_id = any (array(${students}))`
      : eb('s.user_id', 'in', students));
  }
  return eb.and(conditions);
}

export interface AttributeRating {
  user_id: number;
  attribute_id: number;
  subject_id: number;
  rating: number;
}

/** Attribute rating records, ordered by student, subject and attribute. */
export async function listAttributeRatings(db: DbOrTrx, filter: RatingFilter): Promise<AttributeRating[]> {
  await refreshRatingSums(db);
  return byStudentChunks(filter, (f) => listAttributeRatingsOnce(db, f));
}

/**
 * Runs a per-student query over slices of a long `userIds` list (sorted, so the concatenated answer keeps the order by
 * student) under the bind-parameter limit.
 */
function byStudentChunks<R>(filter: RatingFilter, run: (filter: RatingFilter) => Promise<R[]>): Promise<R[]> {
  if (!filter.userIds || filter.userIds.length <= MAX_BOUND_PARAMETERS / 2) return run(filter);
  const sorted = [...new Set(filter.userIds)].sort((a, b) => a - b);
  return inChunks(sorted, (userIds) => run({ ...filter, userIds }));
}

async function listAttributeRatingsOnce(db: DbOrTrx, filter: RatingFilter): Promise<AttributeRating[]> {
  const rows = await db
    .selectFrom(selectAttributeRatings(db, filter).as('r'))
    .select(['r.user_id', 'r.attribute_id', 'r.subject_id', 'r.rating'])
    .orderBy('r.user_id')
    .orderBy('r.subject_id')
    .orderBy('r.attribute_id')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, attribute_id: r.attribute_id, subject_id: r.subject_id, rating: r.rating! }));
}

/** The three band counts of a group of rows by their tenths column: >= 900, 700-899, < 700 (on the one decimal). */
export function bandCountColumns(tenths: string) {
  const t = sql.ref(tenths);
  const count = (condition: RawBuilder<unknown>) => sql<number>`cast(sum(case when ${condition} then 1 else 0 end) as bigint)`;
  return [
    count(sql`${t} >= 900`).as('sobresaliente'),
    count(sql`${t} >= 700 and ${t} < 900`).as('suficiente'),
    count(sql`${t} < 700`).as('insuficiente'),
  ] as const;
}

/** The mean of a group's rating tenths, half up in tenths by integer division (the global-average rule). */
export function meanOfTenths(tenths: string): RawBuilder<number> {
  const count = sql`cast(count(*) as bigint)`;
  return sql<number>`(2 * cast(sum(${sql.ref(tenths)}) as bigint) + ${count}) / (2 * ${count})`;
}

export interface AttributeBandCount {
  attribute_id: number;
  /** Rating records (one per student and subject). */
  records: number;
  /** Distinct students with a rating. */
  students: number;
  sobresaliente: number;
  suficiente: number;
  insuficiente: number;
}

/** Band counts per attribute over the rating records the filter selects: >= 90, 70-89.9, < 70 (on the one decimal). */
export async function countAttributeBands(db: DbOrTrx, filter: RatingFilter): Promise<AttributeBandCount[]> {
  // Counts over all the students at once cannot be split by student: a cohort is filtered by generation instead.
  if (filter.userIds && filter.userIds.length > MAX_BOUND_PARAMETERS / 2) {
    throw new Error(`countAttributeBands takes at most ${MAX_BOUND_PARAMETERS / 2} student ids`);
  }
  await refreshRatingSums(db);
  return db
    .selectFrom(selectAttributeRatings(db, filter).as('r'))
    .select((eb) => [
      'r.attribute_id',
      eb.fn.countAll<number>().as('records'),
      eb.fn.count<number>('r.user_id').distinct().as('students'),
      ...bandCountColumns('r.rating_tenths'),
    ])
    .groupBy('r.attribute_id')
    .orderBy('r.attribute_id')
    .execute();
}

export interface GlobalAttributeAverage {
  user_id: number;
  attribute_id: number;
  /** Mean of the student's per-subject ratings of the attribute, one decimal (half up, exact). */
  average: number;
  subjects: number;
}

/**
 * Global attribute averages (DESIGN §3, `/reportes/alumno/{id}/global`): per student and attribute, the mean of the
 * per-subject ratings the filter selects; usually `{ userIds: [id] }`.
 */
export async function listGlobalAttributeAverages(db: DbOrTrx, filter: RatingFilter): Promise<GlobalAttributeAverage[]> {
  await refreshRatingSums(db);
  return byStudentChunks(filter, (f) => listGlobalAttributeAveragesOnce(db, f));
}

async function listGlobalAttributeAveragesOnce(db: DbOrTrx, filter: RatingFilter): Promise<GlobalAttributeAverage[]> {
  const count = sql<number>`cast(count(*) as bigint)`;
  const tenths = meanOfTenths('r.rating_tenths');
  const rows = await db
    .selectFrom(selectAttributeRatings(db, filter).as('r'))
    .select(['r.user_id', 'r.attribute_id', sql<number>`cast(${tenths} as double precision) / 10`.as('average'), count.as('subjects')])
    .groupBy(['r.user_id', 'r.attribute_id'])
    .orderBy('r.user_id')
    .orderBy('r.attribute_id')
    .execute();
  return rows;
}
