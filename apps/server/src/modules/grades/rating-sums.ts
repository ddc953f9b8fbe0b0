import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTrx } from '../../db/types.js';

/*
 * The attribute ratings' weighted sums (migration 0010): one row per student, assignment and attribute with
 * Σ hundredths(grade) × hundredths(ponderation) and Σ hundredths(ponderation) over the graded grades of the activities
 * with a positive ponderation linked to the attribute: exactly the integers `grades.repository` used to sum from the
 * grades on every read, so the ratings read from them are identical.
 *
 * Database triggers mark, in the same transaction as the write, every assignment a write on grades, activities,
 * attribute links or assignments touches (whatever code writes: the grid, imports and their undo, activity and
 * assignment edits, deletions, seeds). Every read of the sums calls `refreshRatingSums` first, which recomputes the
 * marked assignments from the grades; with nothing marked it costs one indexed read.
 */

const hundredths = (column: string) => sql`cast(floor(${sql.ref(column)} * 100 + 0.5) as bigint)`;

/** Recomputes the sums of the marked assignments and clears their marks, in one transaction. */
export async function refreshRatingSums(db: DbOrTrx): Promise<void> {
  const marked = await db.selectFrom('attribute_rating_sums_dirty').select('professor_subject_id').limit(1).executeTakeFirst();
  if (!marked) return;
  if (db.isTransaction) await recompute(db);
  else await db.transaction().execute(recompute);
}

async function recompute(trx: DbOrTrx): Promise<void> {
  let ids: number[] | null = null;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // Writers mark inside their own transactions: this lock waits for those that marked to commit, and makes those
    // about to mark wait until this transaction has read the grades and cleared the marks, so none is lost.
    await sql`lock table attribute_rating_sums_dirty in share row exclusive mode`.execute(trx);
    // The marked ids go in as an array the planner sees: joined from the table of marks, whose statistics know
    // nothing of its few rows, one assignment took 600 ms on the scale data (hash joins over every grade), not 5.
    ids = (await trx.selectFrom('attribute_rating_sums_dirty').select('professor_subject_id').execute()).map((r) => r.professor_subject_id);
    if (!ids.length) return;
  }
  // On SQLite the first write below takes the database's write lock: nothing can change until the commit.
  const marked = (column: string) => (ids
    ? sql<boolean>`${sql.ref(column)} = any (${ids}::integer[])`
    : sql<boolean>`${sql.ref(column)} in (select professor_subject_id from attribute_rating_sums_dirty)`);
  await trx.deleteFrom('attribute_rating_sums').where(marked('professor_subject_id')).execute();
  const q = hundredths('ua.qualification');
  const w = hundredths('a.ponderation');
  await trx
    .insertInto('attribute_rating_sums')
    .columns(['professor_subject_id', 'user_id', 'attribute_id', 'subject_id', 'period_id', 'group_id', 'weighted_sum', 'weight_sum'])
    .expression(
      trx.selectFrom('professor_subjects as ps')
        .innerJoin('activities as a', 'a.professor_subject_id', 'ps.id')
        .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
        .innerJoin('user_activities as ua', 'ua.activity_id', 'a.id')
        .where(marked('ps.id'))
        .where('ua.qualification', 'is not', null)
        .where('a.ponderation', '>', 0)
        .select([
          'ps.id', 'ua.user_id', 'aa.attribute_id', 'ps.subject_id', 'ps.period_id', 'ps.group_id',
          sql<number>`sum(${q} * ${w})`.as('weighted_sum'), sql<number>`sum(${w})`.as('weight_sum'),
        ])
        .groupBy(['ps.id', 'ua.user_id', 'aa.attribute_id', 'ps.subject_id', 'ps.period_id', 'ps.group_id']),
    )
    .execute();
  await trx.deleteFrom('attribute_rating_sums_dirty').execute();
}
