import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTrx } from '../../db/types.js';
import { peopleInScope } from '../../db/career-scope.js';
import { cohortUserIds, ratedInCareers, type CohortScope } from './cohort.js';
import { inList, inSubquery, onPostgres } from '../../db/in-list.js';
import { fromTenths, hundredths, weightedTenths, type WeightedSums } from '../../db/rounding.js';

/*
 * The attribute ratings' stored weighted sums (migration 0010): one row per student, assignment and attribute with
 * Σ hundredths(grade) × hundredths(ponderation) and Σ hundredths(ponderation) over the graded grades of the activities
 * with a positive ponderation linked to the attribute: exactly the integers a live computation sums from the grades,
 * so the ratings read from them are identical.
 *
 * Database triggers mark, in the same transaction as the write, every assignment a write on grades, activities,
 * attribute links or assignments touches (whatever code writes: the grid, imports and their undo, activity and
 * assignment edits, deletions, seeds). The sums can only be read through a `FreshRatings` handle, which only
 * `freshRatings` gives:
 * - on the database, after `refreshRatingSums` has recomputed the marked assignments (with nothing marked that costs
 *   one indexed read);
 * - in a transaction, at once: the reads take the stored sums of the unmarked assignments and compute those of the
 *   marked ones from the grades in the same statement (marks and grades are committed together, so one statement
 *   sees both or neither). Nothing is written or locked: a read inside a write transaction sees its own writes and
 *   cannot deadlock with another transaction (refreshing there took the marks table's lock after the transaction's
 *   own writes had marked it, and two such transactions waited for each other).
 * Code outside this module reads ratings through the module's `index.ts` (`ratings.repository.ts`), whose functions do
 * this by themselves.
 */

declare const fresh: unique symbol;

/**
 * A database handle (or transaction) on which the rating sums are exact for the read at hand: the query builders
 * below take nothing else. Get one right before the read; do not keep it across writes.
 */
export type FreshRatings = DbOrTrx & { readonly [fresh]: true };

/** The handle that may read the sums: refreshed first on the database, read with the marked ones live in a transaction. */
export async function freshRatings(db: DbOrTrx): Promise<FreshRatings> {
  if (!db.isTransaction) await refreshRatingSums(db);
  return db as FreshRatings;
}

/**
 * The end of a bulk load (the demo and scale seeds, after their grades): the sums of every assignment the load marked
 * are computed once now rather than by the first report. The one way outside this module to bring the sums up to
 * date; reads do it by themselves.
 */
export async function finishBulkLoad(db: DbOrTrx): Promise<void> {
  await refreshRatingSums(db);
}

/**
 * Recomputes the sums of the marked assignments and clears their marks, in one transaction (the caller's, when it
 * passes one). Seeds get it through `finishBulkLoad` once at the end so that the first report does not pay for every
 * assignment; readers get it through `freshRatings`. Not inside a transaction that has written grades on PostgreSQL
 * while others may (see above): only `freshRatings` is safe there.
 */
export async function refreshRatingSums(db: DbOrTrx): Promise<void> {
  const marked = await db
    .selectFrom('attribute_rating_sums_dirty')
    .select('professor_subject_id')
    .limit(1)
    .executeTakeFirst();
  if (!marked) return;
  if (db.isTransaction) await recompute(db);
  else await db.transaction().execute(recompute);
}

const SUM_COLUMNS = [
  'professor_subject_id',
  'user_id',
  'attribute_id',
  'subject_id',
  'period_id',
  'group_id',
  'weighted_sum',
  'weight_sum',
] as const;

/** The sums of the assignments `marked` selects, computed from the grades (what the stored rows must hold). */
function computedSums(db: DbOrTrx, marked: (column: string) => RawBuilder<boolean>) {
  const q = hundredths('ua.qualification');
  const w = hundredths('a.ponderation');
  return db
    .selectFrom('professor_subjects as ps')
    .innerJoin('activities as a', 'a.professor_subject_id', 'ps.id')
    .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
    .innerJoin('user_activities as ua', 'ua.activity_id', 'a.id')
    .where(marked('ps.id'))
    .where('ua.qualification', 'is not', null)
    .where('a.ponderation', '>', 0)
    .select([
      'ps.id as professor_subject_id',
      'ua.user_id',
      'aa.attribute_id',
      'ps.subject_id',
      'ps.period_id',
      'ps.group_id',
      sql<number>`sum(${q} * ${w})`.as('weighted_sum'),
      sql<number>`sum(${w})`.as('weight_sum'),
    ])
    .groupBy(['ps.id', 'ua.user_id', 'aa.attribute_id', 'ps.subject_id', 'ps.period_id', 'ps.group_id']);
}

async function recompute(trx: DbOrTrx): Promise<void> {
  let ids: number[] | null = null;
  if (onPostgres(trx)) {
    // Writers mark inside their own transactions: this lock waits for those that marked to commit, and makes those
    // about to mark wait until this transaction has read the grades and cleared the marks, so none is lost.
    await sql`lock table attribute_rating_sums_dirty in share row exclusive mode`.execute(trx);
    // The marked ids go in as an array the planner sees: joined from the table of marks, whose statistics know
    // nothing of its few rows, one assignment took 600 ms on the scale data (hash joins over every grade), not 5.
    ids = (await trx.selectFrom('attribute_rating_sums_dirty').select('professor_subject_id').execute()).map(
      (r) => r.professor_subject_id,
    );
    if (!ids.length) return;
  }
  // On SQLite the first write below takes the database's write lock: nothing can change until the commit.
  const marked = (column: string) =>
    ids
      ? sql<boolean>`${sql.ref(column)} = any (${ids}::integer[])`
      : sql<boolean>`${sql.ref(column)} in (select professor_subject_id from attribute_rating_sums_dirty)`;
  await trx.deleteFrom('attribute_rating_sums').where(marked('professor_subject_id')).execute();
  await trx
    .insertInto('attribute_rating_sums')
    .columns([...SUM_COLUMNS])
    .expression(computedSums(trx, marked))
    .execute();
  await trx.deleteFrom('attribute_rating_sums_dirty').execute();
}

/**
 * The sums the reads group, as `s`: the table itself on a refreshed database; in a transaction, the stored rows of the
 * unmarked assignments and the computed ones of the marked assignments.
 */
function sumsSource(db: FreshRatings) {
  const table = db.selectFrom('attribute_rating_sums as s');
  if (!db.isTransaction) return table;
  const marks = db.selectFrom('attribute_rating_sums_dirty').select('professor_subject_id');
  const marked = (column: string) => inSubquery(db, column, marks);
  const current = db
    .selectFrom('attribute_rating_sums as st')
    .select(SUM_COLUMNS.map((c) => `st.${c}` as const))
    .where(sql<boolean>`not (${marked('st.professor_subject_id')})`)
    .unionAll(computedSums(db, marked));
  return db.selectFrom(current.as('s')) as unknown as typeof table;
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
  /**
   * Only the cohort's students (`cohortUserIds`: the generation's students linked to the career), read by student
   * from the index as a generation's are: 1 record in 8 of the generation's at the scale data, for the evidence.
   */
  cohort?: CohortScope;
  attributeId?: number;
  /**
   * Only these careers' records (`ratedInCareers`, the division report's rule): the shared attributes and these
   * careers' own, for the students linked to one of them or to none.
   */
  careerIds?: readonly number[];
}

/**
 * Σ grade×weight and Σ weight in hundredths of the stored sums the query groups. PostgreSQL sums a `bigint` column into a
 * `numeric`, whose arithmetic took about 40% of the time of grouping a generation's 55,000 records; the sums are added
 * as `double precision` there instead, which is exact: every value and every partial sum is an integer far below 2^53
 * (a grade is at most 10,000 hundredths and so is a ponderation, so one stored row's weighted sum is at most 10^8 times
 * its activities). SQLite adds integers as integers.
 */
function storedSums(db: DbOrTrx): WeightedSums {
  const total = (column: 's.weighted_sum' | 's.weight_sum') =>
    onPostgres(db)
      ? sql<number>`cast(sum(cast(${sql.ref(column)} as double precision)) as bigint)`
      : sql<number>`cast(sum(${sql.ref(column)}) as bigint)`;
  return { sum: total('s.weighted_sum'), weights: total('s.weight_sum') };
}

/**
 * Attribute ratings (DESIGN §3): per student, attribute and subject, the ponderation-weighted mean of the student's
 * grades on the activities of that subject's assignments linked to the attribute. Null ratings are left out. A query,
 * so the aggregates of `ratings.repository.ts` can build on it in SQL.
 */
export function selectAttributeRatings(db: FreshRatings, filter: RatingFilter, options: RatingOptions = {}) {
  const sums = storedSums(db);
  const tenths = weightedTenths(sums);
  return (
    sumsSource(db)
      .select([
        's.user_id',
        's.attribute_id',
        's.subject_id',
        tenths.as('rating_tenths'),
        fromTenths(tenths).as('rating'),
      ])
      // In the order of attribute_rating_sums_user_idx, so a generation's rows are grouped as the index gives them.
      .groupBy(['s.user_id', 's.subject_id', 's.attribute_id'])
      .having(sums.weights, '>', 0)
      .where((eb) => ratingConditions(db, eb, filter, options))
  );
}

export interface RatingOptions {
  /**
   * With `careerIds`: the students are narrowed as usual, but the careers' rule on attributes (`ratedInCareers`) is
   * left to the caller, which applies `careerRule` to coarser rows of its own (per student and attribute: the rule
   * depends on nothing else). Joined to each of a generation's 221,000 records at 20,000 students, it made them lose
   * the index's order: their grouping spilled to disk and was sorted again on disk (bench/RESULTS.md).
   */
  careerRuleByCaller?: boolean;
}

/**
 * The careers' rule of a filter with `careerIds` (`ratedInCareers`), on rows `s` with `user_id` and `attribute_id`: for
 * callers of `selectAttributeRatings` with `careerRuleByCaller`. True without careers.
 */
export function careerRule(eb: ExpressionBuilder<RatingTables, 's'>, filter: RatingFilter): Expression<SqlBool> {
  if (!filter.careerIds) return eb.lit(true);
  // A generation's students are read in the careers' scope (`ratingConditions`): the rule need not check them again.
  return ratedInCareers(eb, filter.careerIds, { studentsInScope: filter.generationId !== undefined });
}

/**
 * The subject, group and period of the assignments of the stored sums the filter selects, once each: where the students
 * chosen have a graded grade on an activity with a positive ponderation linked to an attribute (what every stored row
 * stands for). Read from `attribute_rating_sums_user_idx` alone, which holds these columns and not the assignment's id.
 */
export function selectRatedSlots(db: FreshRatings, filter: RatingFilter) {
  return sumsSource(db)
    .select(['s.subject_id', 's.group_id', 's.period_id'])
    .distinct()
    .where((eb) => ratingConditions(db, eb, filter));
}

/**
 * Attribute ratings of one period's assignments: per student, attribute, subject and period, the same weighted mean
 * over the grades of that subject's assignments in that period (the cohort evidence's trend). Assignments without a
 * period are left out.
 */
export function selectPeriodAttributeRatings(db: FreshRatings, filter: RatingFilter) {
  const sums = storedSums(db);
  const tenths = weightedTenths(sums);
  return sumsSource(db)
    .where('s.period_id', 'is not', null)
    .select([
      's.user_id',
      's.attribute_id',
      's.subject_id',
      sql<number>`s.period_id`.as('period_id'),
      tenths.as('rating_tenths'),
      fromTenths(tenths).as('rating'),
    ])
    .groupBy(['s.user_id', 's.subject_id', 's.attribute_id', 's.period_id'])
    .having(sums.weights, '>', 0)
    .where((eb) => ratingConditions(db, eb, filter));
}

export type RatingTables = Database & { s: Database['attribute_rating_sums'] };

/** The filter's conditions on the stored sums `s` (true when nothing narrows). */
function ratingConditions(
  db: DbOrTrx,
  eb: ExpressionBuilder<RatingTables, 's'>,
  filter: RatingFilter,
  options: RatingOptions = {},
) {
  const conditions: Array<Expression<SqlBool>> = [];
  if (filter.userIds) conditions.push(inList('s.user_id', filter.userIds));
  if (filter.subjectId !== undefined) conditions.push(eb('s.subject_id', '=', filter.subjectId));
  if (filter.groupId !== undefined) conditions.push(eb('s.group_id', '=', filter.groupId));
  if (filter.periodId !== undefined) conditions.push(eb('s.period_id', '=', filter.periodId));
  if (filter.attributeId !== undefined) conditions.push(eb('s.attribute_id', '=', filter.attributeId));
  if (filter.careerIds && !options.careerRuleByCaller) conditions.push(careerRule(eb, filter));
  if (filter.cohort) conditions.push(inSubquery(db, 's.user_id', cohortUserIds(db, filter.cohort)));
  if (filter.generationId !== undefined) {
    let students = eb
      .selectFrom('user_generations')
      .select('user_generations.user_id')
      .where('user_generations.generation_id', '=', filter.generationId);
    // With careers, only the generation's students the careers' chief sees (what the condition above keeps anyway):
    // a chief's report reads its career's sums, not those of every career of the generation.
    if (filter.careerIds) {
      students = students.where((w) =>
        peopleInScope(w, { all: false, careers: [...filter.careerIds!] }, 'user_generations.user_id'),
      );
    }
    // In student order on both databases, so a generation's rows come grouped without a sort (inSubquery).
    conditions.push(inSubquery(db, 's.user_id', students));
  }
  return eb.and(conditions);
}
