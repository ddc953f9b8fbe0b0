import { halfUpQuotient as domainQuotient, toHundredths } from '@egreso/domain';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { attributeRatingSumsMigration } from '../../db/migrations/0010-attribute-rating-sums.js';
import { nowIso } from '../../lib/time.js';
import { useTestApp } from '../../test/harness.js';
import { makeActivity, makeSheet } from '../../test/factories.js';
import { halfUpQuotient, hundredths } from '../../db/rounding.js';
import { refreshRatingSums } from './sums.js';

/*
 * The rounding is the domain's (`toHundredths`, `halfUpQuotient`); `db/rounding.ts` is its one SQL mirror and migration
 * 0010's backfill spelled it out once more. All three must give the same integers on both databases.
 */

// Values with up to two decimals whose binary fraction sits just below or above the half (x.xx5 never happens in a
// typed grade, but 0.29 × 100 = 28.999… does), plus the ends of the scale.
const GRADES = [0, 0.01, 0.05, 0.29, 0.57, 1.005, 12.5, 33.3, 59.99, 69.95, 70.25, 73.25, 84.45, 89.95, 99.99, 100];

describe('the SQL rounding mirrors the domain', () => {
  const ctx = useTestApp();

  it('reads grades and ponderations in the same hundredths as toHundredths', async () => {
    const db = ctx().database.db;
    const sheet = await makeSheet(ctx(), { students: GRADES.length });
    const activity = await makeActivity(ctx(), sheet.assignmentId, sheet.attributeIds);
    await db
      .insertInto('user_activities')
      .values(
        sheet.students.map((s, i) => ({
          user_id: s.id,
          activity_id: activity.id,
          qualification: GRADES[i]!,
          updated_at: nowIso(),
        })),
      )
      .execute();
    const rows = await db
      .selectFrom('user_activities as ua')
      .where('ua.activity_id', '=', activity.id)
      .select(['ua.qualification', hundredths('ua.qualification').as('h')])
      .orderBy('ua.qualification')
      .execute();
    expect(rows.map((r) => Number(r.h))).toEqual(rows.map((r) => toHundredths(r.qualification!)));
    expect(rows.map((r) => Number(r.h))).toEqual(GRADES.map(toHundredths));
  });

  it('divides half up exactly like halfUpQuotient, on large sums too', async () => {
    const db = ctx().database.db;
    const pairs: Array<[number, number]> = [
      [0, 1],
      [1, 2],
      [5, 10],
      [4, 10],
      [15, 10],
      [25, 10],
      [1, 3],
      [2, 3],
      [1000, 3],
      [2000, 3],
      [1000, 7],
      [84_450 * 250 + 100 * 50, 10 * 300],
      [9_999 * 10_000 * 40, 10 * 10_000 * 40],
      [123_456_789_012, 998_001],
      [999_999, 1_000_000],
    ];
    for (const [n, d] of pairs) {
      const big = (v: number) => sql`cast(${sql.lit(v)} as bigint)`;
      const { rows } = await sql<{ q: number }>`select ${halfUpQuotient(big(n), big(d))} as q`.execute(db);
      expect(Number(rows[0]!.q), `${n} / ${d}`).toBe(domainQuotient(n, d));
    }
  });

  it('gives the sums migration 0010 backfilled: the refresh and the migration agree', async () => {
    const c = ctx();
    const db = c.database.db;
    const sheet = await makeSheet(c, { students: GRADES.length });
    const ponderations = [0.29, 33.3, 70.25, 12.5];
    for (const [k, ponderation] of ponderations.entries()) {
      const activity = await makeActivity(c, sheet.assignmentId, k % 2 ? sheet.attributeIds : [sheet.attributeIds[0]!]);
      await db.updateTable('activities').set({ ponderation }).where('id', '=', activity.id).execute();
      await db
        .insertInto('user_activities')
        .values(
          sheet.students.map((s, i) => ({
            user_id: s.id,
            activity_id: activity.id,
            qualification: GRADES[(i + k) % GRADES.length]!,
            updated_at: nowIso(),
          })),
        )
        .execute();
    }
    const stored = () =>
      db
        .selectFrom('attribute_rating_sums')
        .select([
          'professor_subject_id',
          'user_id',
          'attribute_id',
          'subject_id',
          'period_id',
          'group_id',
          'weighted_sum',
          'weight_sum',
        ])
        .orderBy('professor_subject_id')
        .orderBy('user_id')
        .orderBy('attribute_id')
        .execute()
        .then((rows) =>
          rows.map((r) => ({ ...r, weighted_sum: Number(r.weighted_sum), weight_sum: Number(r.weight_sum) })),
        );
    await refreshRatingSums(db);
    const refreshed = await stored();
    expect(refreshed.length).toBeGreaterThan(GRADES.length);
    // The migration again, from scratch: its own backfill over the same grades.
    const migration = attributeRatingSumsMigration(c.database.dialect);
    await migration.down(db as unknown as Kysely<unknown>);
    await migration.up(db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(refreshed);
  });
});
