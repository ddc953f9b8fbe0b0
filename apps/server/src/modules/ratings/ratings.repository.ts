import { expressionBuilder, sql, type RawBuilder } from 'kysely';
import type { StudentAttributeRating } from '@egreso/domain';
import { MAX_BOUND_PARAMETERS, inChunks } from '../../db/chunks.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { careerAttributeIds, cohortUserIds, type CohortScope } from './cohort.js';
import { inList } from '../../db/in-list.js';
import { bandCountColumns, meanOfTenths } from '../../db/rounding.js';
import {
  careerRule,
  freshRatings,
  selectAttributeRatings,
  selectPeriodAttributeRatings,
  selectRatedSlots,
  type FreshRatings,
  type RatingFilter,
  type RatingTables,
} from './sums.js';

/*
 * Every read of the attribute ratings (DESIGN §3) and every aggregate over them: per student, group, subject,
 * generation (a cohort) and period. Each function brings the stored sums up to date by itself (`freshRatings`), so no
 * caller can read stale ratings; inside a transaction it sees the transaction's own writes. Answers are computed in
 * SQL with the domain's rounding (`db/rounding.ts`); the modules that show them (reports, teacher reports, the
 * student's area, the evidence) only shape them.
 */

export type { CohortScope } from './cohort.js';
export type { RatingFilter } from './sums.js';

/**
 * The two rating queries themselves, on sums brought up to date like every read here: for the benchmarks that plan and
 * time them. Build and run them right away (no write in between).
 */
export async function ratingQueries(db: DbOrTrx) {
  const fresh = await freshRatings(db);
  return {
    attributeRatings: (filter: RatingFilter) => selectAttributeRatings(fresh, filter),
    periodAttributeRatings: (filter: RatingFilter) => selectPeriodAttributeRatings(fresh, filter),
  };
}

export interface AttributeRating {
  user_id: number;
  attribute_id: number;
  subject_id: number;
  rating: number;
}

/** Attribute rating records, ordered by student, subject and attribute. */
export async function listAttributeRatings(db: DbOrTrx, filter: RatingFilter): Promise<AttributeRating[]> {
  const fresh = await freshRatings(db);
  return byStudentChunks(filter, (f) => listAttributeRatingsOnce(fresh, f));
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

async function listAttributeRatingsOnce(db: FreshRatings, filter: RatingFilter): Promise<AttributeRating[]> {
  const rows = await db
    .selectFrom(selectAttributeRatings(db, filter).as('r'))
    .select(['r.user_id', 'r.attribute_id', 'r.subject_id', 'r.rating'])
    .orderBy('r.user_id')
    .orderBy('r.subject_id')
    .orderBy('r.attribute_id')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    attribute_id: r.attribute_id,
    subject_id: r.subject_id,
    rating: r.rating!,
  }));
}

/**
 * The same records in no promised order (as the index gives them, grouped by student): the cheapest read of a
 * generation's 55,000 records, for callers that sort them by names of their own (the division report).
 */
export async function listAttributeRatingsUnordered(db: DbOrTrx, filter: RatingFilter): Promise<AttributeRating[]> {
  const fresh = await freshRatings(db);
  return byStudentChunks(filter, async (f) =>
    (await selectAttributeRatings(fresh, f).execute()).map((r) => ({
      user_id: r.user_id,
      attribute_id: r.attribute_id,
      subject_id: r.subject_id,
      rating: r.rating!,
    })),
  );
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

/**
 * Band counts per attribute over the rating records the filter selects: >= 90, 70-89.9, < 70 (on the one decimal);
 * with `tenScale`, of ten times each rating (`bandCountColumns`).
 */
export async function countAttributeBands(
  db: DbOrTrx,
  filter: RatingFilter,
  tenScale = false,
): Promise<AttributeBandCount[]> {
  // Counts over all the students at once cannot be split by student: a cohort is filtered by generation instead.
  if (filter.userIds && filter.userIds.length > MAX_BOUND_PARAMETERS / 2) {
    throw new Error(`countAttributeBands takes at most ${MAX_BOUND_PARAMETERS / 2} student ids`);
  }
  const fresh = await freshRatings(db);
  return fresh
    .selectFrom(selectAttributeRatings(fresh, filter).as('r'))
    .select((eb) => [
      'r.attribute_id',
      eb.fn.countAll<number>().as('records'),
      eb.fn.count<number>('r.user_id').distinct().as('students'),
      ...bandCountColumns('r.rating_tenths', tenScale),
    ])
    .groupBy('r.attribute_id')
    .orderBy('r.attribute_id')
    .execute();
}

interface ReportCountRow {
  /** 'a': an attribute's counts (`id` the attribute); 'g': students of a gender (`id` the gender, null unstated). */
  kind: 'a' | 'g';
  id: number | null;
  students: number | string;
  records: number | string;
  max: number | string | null;
  sob: number | string;
  suf: number | string;
  ins: number | string;
  sob10: number | string;
  suf10: number | string;
  ins10: number | string;
}

/** Band counts of a tenths column (>= 900, 700-899, < 700), on the 0-100 scale and ten times the value (0-10). */
const bandSums = (tenths: RawBuilder<unknown>) => {
  const count = (condition: RawBuilder<unknown>) => sql`cast(sum(case when ${condition} then 1 else 0 end) as bigint)`;
  const ten = sql`${tenths} * 10`;
  return sql.join([
    sql`${count(sql`${tenths} >= 900`)} as sob`,
    sql`${count(sql`${tenths} >= 700 and ${tenths} < 900`)} as suf`,
    sql`${count(sql`${tenths} < 700`)} as ins`,
    sql`${count(sql`${ten} >= 900`)} as sob10`,
    sql`${count(sql`${ten} >= 700 and ${ten} < 900`)} as suf10`,
    sql`${count(sql`${ten} < 700`)} as ins10`,
  ]);
};

/**
 * The division report's counts (DESIGN §3) over the rating records the filter selects, in one read of them: per
 * attribute its records, distinct students and bands by the reports' 0-10 rule (when the largest rating is 10.5 or
 * less, `usesTenScale`, every rating counts ten times its value), and the distinct students by gender. The records are
 * first counted per student and attribute (a few thousand rows, kept once, grouped in the order the ratings come in),
 * and the careers' rule, which depends on the student and the attribute alone, is checked on those rows rather than
 * on each record; no count needs a sort by student.
 */
export async function countReportBands(
  db: DbOrTrx,
  filter: RatingFilter,
): Promise<{
  tenScale: boolean;
  maxTenths: number | null;
  attributes: AttributeBandCount[];
  genders: Array<{ gender: number | null; students: number }>;
}> {
  if (filter.userIds) throw new Error('countReportBands takes a generation, not a list of students');
  const fresh = await freshRatings(db);
  const ratings = selectAttributeRatings(fresh, filter, { careerRuleByCaller: true });
  const rule = careerRule(expressionBuilder<RatingTables, 's'>(), filter);
  const sum = (column: string) => sql`cast(sum(${sql.ref(column)}) as bigint) as ${sql.ref(column)}`;
  const { rows } = await sql<ReportCountRow>`
    with r as ${ratings},
    per_student as materialized (
      select s.user_id, s.attribute_id, s.records, s.max, s.sob, s.suf, s.ins, s.sob10, s.suf10, s.ins10
      from (
        select r.user_id, r.attribute_id, count(*) as records, max(r.rating_tenths) as max,
          ${bandSums(sql.ref('r.rating_tenths'))}
        from r group by r.user_id, r.attribute_id
      ) s
      where ${rule}
    )
    select 'a' as kind, attribute_id as id, count(*) as students, ${sum('records')}, max(max) as max,
      ${sql.join(['sob', 'suf', 'ins', 'sob10', 'suf10', 'ins10'].map(sum))}
    from per_student group by attribute_id
    union all
    select 'g' as kind, u.gender as id, count(*) as students, 0, null, 0, 0, 0, 0, 0, 0
    from users u where u.id in (select user_id from per_student) group by u.gender
  `.execute(fresh);
  const attributeRows = rows.filter((r) => r.kind === 'a');
  const maxTenths = attributeRows.length ? Math.max(...attributeRows.map((r) => Number(r.max))) : null;
  const tenScale = maxTenths !== null && maxTenths <= 105;
  const attributes = attributeRows
    .map((r) => ({
      attribute_id: Number(r.id),
      records: Number(r.records),
      students: Number(r.students),
      sobresaliente: Number(tenScale ? r.sob10 : r.sob),
      suficiente: Number(tenScale ? r.suf10 : r.suf),
      insuficiente: Number(tenScale ? r.ins10 : r.ins),
    }))
    .sort((x, y) => x.attribute_id - y.attribute_id);
  const genders = rows
    .filter((r) => r.kind === 'g')
    .map((r) => ({ gender: r.id === null ? null : Number(r.id), students: Number(r.students) }));
  return { tenScale, maxTenths, attributes, genders };
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
export async function listGlobalAttributeAverages(
  db: DbOrTrx,
  filter: RatingFilter,
): Promise<GlobalAttributeAverage[]> {
  const fresh = await freshRatings(db);
  return byStudentChunks(filter, (f) => listGlobalAttributeAveragesOnce(fresh, f));
}

async function listGlobalAttributeAveragesOnce(
  db: FreshRatings,
  filter: RatingFilter,
): Promise<GlobalAttributeAverage[]> {
  const count = sql<number>`cast(count(*) as bigint)`;
  const tenths = meanOfTenths('r.rating_tenths');
  return db
    .selectFrom(selectAttributeRatings(db, filter).as('r'))
    .select([
      'r.user_id',
      'r.attribute_id',
      sql<number>`cast(${tenths} as double precision) / 10`.as('average'),
      count.as('subjects'),
    ])
    .groupBy(['r.user_id', 'r.attribute_id'])
    .orderBy('r.user_id')
    .orderBy('r.attribute_id')
    .execute();
}

/**
 * The student's rating of each attribute of a subject (or of every subject enrolled), in the order of attributes; null when
 * nothing linked to the attribute is graded.
 */
export async function listStudentAttributeRatings(
  db: DbOrTrx,
  userId: number,
  subjectId?: number,
): Promise<StudentAttributeRating[]> {
  const fresh = await freshRatings(db);
  const ratings = selectAttributeRatings(fresh, { userIds: [userId], subjectId }).as('r');
  let q = fresh
    .selectFrom('subject_attributes as sa')
    .innerJoin('attributes as at', 'at.id', 'sa.attribute_id')
    .leftJoin(ratings, (j) =>
      j.onRef('r.attribute_id', '=', 'sa.attribute_id').onRef('r.subject_id', '=', 'sa.subject_id'),
    )
    .select(['sa.attribute_id', 'at.attribute_name', 'sa.subject_id', 'r.rating as attributerating']);
  q =
    subjectId !== undefined
      ? q.where('sa.subject_id', '=', subjectId)
      : q.where('sa.subject_id', 'in', (eb) =>
          eb.selectFrom('enrolments').select('subject_id').where('user_id', '=', userId),
        );
  return q.$call(byAttributeOrder('at')).orderBy('sa.subject_id').execute();
}

// ---------- a cohort: the students of one generation in one career (the evidence of CACEI criterion 4) ----------
// Per attribute the band of each student's mean rating, overall, per period and per subject. Bands are compared on
// integer tenths (>= 900 Sobresaliente, >= 700 Suficiente), as everywhere else.

export interface BandCountRow {
  total: number;
  sobresaliente: number;
  suficiente: number;
  insuficiente: number;
}

const bandCounts = (tenths: string) =>
  [sql<number>`cast(count(*) as bigint)`.as('total'), ...bandCountColumns(tenths)] as const;
const meanTenths = meanOfTenths('r.rating_tenths');

const toCounts = <T extends BandCountRow>(row: T): T => ({
  ...row,
  total: Number(row.total),
  sobresaliente: Number(row.sobresaliente),
  suficiente: Number(row.suficiente),
  insuficiente: Number(row.insuficiente),
});

/**
 * The ratings of the cohort's students in the career's attributes: the cohort's students are chosen inside, before the
 * sums are grouped (choosing them after grouping the whole generation's read 8 times the records, bench/RESULTS.md).
 */
function cohortRatings(db: FreshRatings, scope: CohortScope) {
  return db
    .selectFrom(selectAttributeRatings(db, { cohort: scope }).as('g'))
    .where('g.attribute_id', 'in', careerAttributeIds(db, scope.careerId))
    .select(['g.user_id', 'g.attribute_id', 'g.subject_id', 'g.rating_tenths']);
}

/** Where an assignment is given: its subject, group and period (an assignment may have no group or period). */
export interface AssignmentSlot {
  subject_id: number;
  group_id: number | null;
  period_id: number | null;
}

/**
 * Where the cohort's students have ratings of the career's attributes: the subject, group and period of every
 * assignment with an activity the evidence lists (a graded grade of the cohort on an activity with a positive
 * ponderation linked to such an attribute is in one of their stored sums). A few dozen, so the evidence looks for its
 * activities in those assignments rather than among all.
 */
export async function listCohortRatedSlots(db: DbOrTrx, scope: CohortScope): Promise<AssignmentSlot[]> {
  const fresh = await freshRatings(db);
  return selectRatedSlots(fresh, { cohort: scope })
    .where('s.attribute_id', 'in', careerAttributeIds(fresh, scope.careerId))
    .execute();
}

/** Per attribute, the cohort's students with data by the band of their mean rating over every subject. */
export async function countStudentBands(
  db: DbOrTrx,
  scope: CohortScope,
): Promise<Array<BandCountRow & { attribute_id: number }>> {
  const fresh = await freshRatings(db);
  const perStudent = fresh
    .selectFrom(cohortRatings(fresh, scope).as('r'))
    .select(['r.user_id', 'r.attribute_id', meanTenths.as('tenths')])
    .groupBy(['r.user_id', 'r.attribute_id']);
  const rows = await fresh
    .selectFrom(perStudent.as('s'))
    .select(['s.attribute_id', ...bandCounts('s.tenths')])
    .groupBy('s.attribute_id')
    .execute();
  return rows.map(toCounts);
}

export interface PeriodBandCountRow extends BandCountRow {
  attribute_id: number;
  period_id: number;
}

/** Some attributes in some periods: the only trend points a caller needs (the results of improvement actions). */
export interface TrendPoints {
  attributeIds: readonly number[];
  periodIds: readonly number[];
}

/**
 * Per attribute and period, the students rated in that period by the band of their mean rating there. `only` counts
 * just those attributes and periods, the same way, reading the cohort's students alone (by the user index) instead of
 * the whole generation's: a few points of a cohort cost a few milliseconds.
 */
export async function countStudentBandsByPeriod(
  db: DbOrTrx,
  scope: CohortScope,
  only?: TrendPoints,
): Promise<PeriodBandCountRow[]> {
  const fresh = await freshRatings(db);
  // With `only`, the cohort's students are chosen once, inside: checking each rating's student again outside took a
  // join per rating (4,949 buffers instead of 473 for a cohort of the scale data, bench/RESULTS.md).
  const periodRatings = only
    ? selectPeriodAttributeRatings(fresh, {})
        .where(sql<boolean>`s.user_id in ${cohortUserIds(fresh, scope)}`)
        .where(inList('s.attribute_id', only.attributeIds))
        .where(inList('s.period_id', only.periodIds))
    : selectPeriodAttributeRatings(fresh, { cohort: scope });
  const ratings = fresh
    .selectFrom(periodRatings.as('g'))
    .where('g.attribute_id', 'in', careerAttributeIds(fresh, scope.careerId))
    .select(['g.user_id', 'g.attribute_id', 'g.period_id', 'g.rating_tenths']);
  const perStudent = fresh
    .selectFrom(ratings.as('r'))
    .select(['r.user_id', 'r.attribute_id', 'r.period_id', meanTenths.as('tenths')])
    .groupBy(['r.user_id', 'r.attribute_id', 'r.period_id']);
  const rows = await fresh
    .selectFrom(perStudent.as('s'))
    .select(['s.attribute_id', 's.period_id', ...bandCounts('s.tenths')])
    .groupBy(['s.attribute_id', 's.period_id'])
    .execute();
  return rows.map((r) => ({ ...toCounts(r), period_id: Number(r.period_id) }));
}

export interface SubjectBandCountRow extends BandCountRow {
  attribute_id: number;
  subject_id: number;
  subject_key: string;
  subject_name: string;
  knowledge_level: 'I' | 'M' | 'A' | null;
}

/** Per attribute and subject, the cohort's rating records by band, with the subject's level in the attribute. */
export async function countRecordBandsBySubject(db: DbOrTrx, scope: CohortScope): Promise<SubjectBandCountRow[]> {
  const fresh = await freshRatings(db);
  const counted = fresh
    .selectFrom(cohortRatings(fresh, scope).as('r'))
    .select(['r.attribute_id', 'r.subject_id', ...bandCounts('r.rating_tenths')])
    .groupBy(['r.attribute_id', 'r.subject_id']);
  const rows = await fresh
    .selectFrom(counted.as('c'))
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .leftJoin('subject_attributes as sa', (j) =>
      j.onRef('sa.subject_id', '=', 'c.subject_id').onRef('sa.attribute_id', '=', 'c.attribute_id'),
    )
    .select([
      'c.attribute_id',
      'c.subject_id',
      'c.total',
      'c.sobresaliente',
      'c.suficiente',
      'c.insuficiente',
      's.subject_key',
      's.subject_name',
      'sa.knowledge_level',
    ])
    .orderBy(esKey('s.subject_name'))
    .orderBy('c.subject_id')
    .execute();
  return rows.map(toCounts);
}

export interface SubjectPeriodBandCountRow extends BandCountRow {
  attribute_id: number;
  subject_id: number;
  period_id: number;
}

/** Subjects in periods: the only records a caller needs (the attributes of the subjects failed most in a period). */
export interface SubjectPeriods {
  subjectIds: readonly number[];
  periodIds: readonly number[];
}

/**
 * Per attribute, subject and period, the cohort's rating records of that subject's assignments in that period by
 * band: the evidence's per-subject count (`countRecordBandsBySubject`) narrowed to one period, so a subject the cohort
 * took once has the evidence's figure.
 */
export async function countRecordBandsBySubjectPeriod(
  db: DbOrTrx,
  scope: CohortScope,
  only: SubjectPeriods,
): Promise<SubjectPeriodBandCountRow[]> {
  if (!only.subjectIds.length || !only.periodIds.length) return [];
  const fresh = await freshRatings(db);
  const records = selectPeriodAttributeRatings(fresh, {})
    .where(sql<boolean>`s.user_id in ${cohortUserIds(fresh, scope)}`)
    .where(inList('s.subject_id', only.subjectIds))
    .where(inList('s.period_id', only.periodIds));
  const rows = await fresh
    .selectFrom(records.as('r'))
    .where('r.attribute_id', 'in', careerAttributeIds(fresh, scope.careerId))
    .select(['r.attribute_id', 'r.subject_id', 'r.period_id', ...bandCounts('r.rating_tenths')])
    .groupBy(['r.attribute_id', 'r.subject_id', 'r.period_id'])
    .execute();
  return rows.map((r) => ({ ...toCounts(r), period_id: Number(r.period_id) }));
}
