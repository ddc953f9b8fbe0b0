import ExcelJS from 'exceljs';
import { ROLE } from '@egreso/domain';
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo.js';
import type { DbOrTrx } from '../../db/types.js';
import { as, onPostgres, useTestApp, type TestContext } from '../../test/harness.js';
import {
  controlNumbers,
  linkStudentToGeneration,
  makeActivity,
  makeGeneration,
  makeSheet,
  type SheetFixture,
} from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { nowIso } from '../../lib/time.js';
import { expectFreshReads, type FreshReadCase } from './fresh-reads.test-support.js';
import { countAttributeBands, listAttributeRatings, listGlobalAttributeAverages } from './ratings.repository.js';
import {
  freshRatings,
  refreshRatingSums,
  selectAttributeRatings,
  selectPeriodAttributeRatings,
  type RatingFilter,
} from './sums.js';

/*
 * After every kind of committed write: first, every public read of the ratings module, called on the database as the
 * write left it (nobody refreshes here), answers what the grades give (`fresh-reads.test-support.ts`); then the stored
 * sums, refreshed, equal the sums computed live from the grades. The live versions below are the ratings queries as
 * they were before the sums were stored: grades × activities × attribute links × assignments, grouped on every read.
 */

const hundredths = (column: string) => sql<number>`cast(floor(${sql.ref(column)} * 100 + 0.5) as bigint)`;
const liveSum = sql<number>`cast(sum(${hundredths('ua.qualification')} * ${hundredths('a.ponderation')}) as bigint)`;
const liveWeights = sql<number>`cast(sum(${hundredths('a.ponderation')}) as bigint)`;
const tenths = (sum: RawBuilder<number>, weights: RawBuilder<number>) =>
  sql<number>`case when ${weights} > 0 then (2 * ${sum} + 10 * ${weights}) / (20 * ${weights}) end`;

function liveGrades(db: DbOrTrx) {
  return db
    .selectFrom('user_activities as ua')
    .innerJoin('activities as a', 'a.id', 'ua.activity_id')
    .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
    .innerJoin('professor_subjects as ps', 'ps.id', 'a.professor_subject_id')
    .where('ua.qualification', 'is not', null)
    .where('a.ponderation', '>', 0);
}

/** The sums per student, assignment and attribute, from the grades. */
async function liveSums(db: DbOrTrx) {
  return liveGrades(db)
    .select([
      'a.professor_subject_id',
      'ua.user_id',
      'aa.attribute_id',
      'ps.subject_id',
      'ps.period_id',
      'ps.group_id',
      liveSum.as('weighted_sum'),
      liveWeights.as('weight_sum'),
    ])
    .groupBy([
      'a.professor_subject_id',
      'ua.user_id',
      'aa.attribute_id',
      'ps.subject_id',
      'ps.period_id',
      'ps.group_id',
    ])
    .orderBy('a.professor_subject_id')
    .orderBy('ua.user_id')
    .orderBy('aa.attribute_id')
    .execute();
}

async function storedSums(db: DbOrTrx) {
  return db
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
    .execute();
}

const inGeneration = (generationId: number | undefined, db: DbOrTrx) =>
  generationId === undefined
    ? sql<boolean>`1 = 1`
    : sql<boolean>`ua.user_id in (${db.selectFrom('user_generations').select('user_id').where('generation_id', '=', generationId)})`;

/** The live ratings per student, attribute and subject (and period), under a filter, ordered. */
async function liveRatings(db: DbOrTrx, filter: RatingFilter, byPeriod: boolean) {
  let q = liveGrades(db).where(inGeneration(filter.generationId, db));
  if (filter.subjectId !== undefined) q = q.where('ps.subject_id', '=', filter.subjectId);
  if (filter.groupId !== undefined) q = q.where('ps.group_id', '=', filter.groupId);
  if (filter.periodId !== undefined) q = q.where('ps.period_id', '=', filter.periodId);
  if (filter.attributeId !== undefined) q = q.where('aa.attribute_id', '=', filter.attributeId);
  if (byPeriod) q = q.where('ps.period_id', 'is not', null);
  const t = tenths(liveSum, liveWeights);
  const rows = await q
    .select([
      'ua.user_id',
      'aa.attribute_id',
      'ps.subject_id',
      sql<number | null>`${byPeriod ? sql`ps.period_id` : sql`null`}`.as('period_id'),
      t.as('rating_tenths'),
    ])
    .groupBy(['ua.user_id', 'aa.attribute_id', 'ps.subject_id', ...(byPeriod ? ['ps.period_id' as const] : [])])
    .having(liveWeights, '>', 0)
    .execute();
  return rows
    .map((r) => ({ ...r, rating_tenths: Number(r.rating_tenths) }))
    .sort(
      (x, y) =>
        x.user_id - y.user_id ||
        x.attribute_id - y.attribute_id ||
        x.subject_id - y.subject_id ||
        (x.period_id ?? 0) - (y.period_id ?? 0),
    );
}

async function summaryRatings(db: DbOrTrx, filter: RatingFilter, byPeriod: boolean) {
  const fresh = await freshRatings(db);
  const rows = byPeriod
    ? await selectPeriodAttributeRatings(fresh, filter).execute()
    : (await selectAttributeRatings(fresh, filter).execute()).map((r) => ({ ...r, period_id: null }));
  return rows
    .map((r) => ({
      user_id: r.user_id,
      attribute_id: r.attribute_id,
      subject_id: r.subject_id,
      period_id: r.period_id,
      rating_tenths: Number(r.rating_tenths),
    }))
    .sort(
      (x, y) =>
        x.user_id - y.user_id ||
        x.attribute_id - y.attribute_id ||
        x.subject_id - y.subject_id ||
        (x.period_id ?? 0) - (y.period_id ?? 0),
    );
}

/**
 * Every read of the module is fresh without a refresh, and every stored aggregate equals its live computation, under
 * no filter and under each of the given ones. A write must have marked something unless `unmarked`.
 */
async function expectExact(
  c: TestContext,
  filters: RatingFilter[],
  label: string,
  reads: Omit<FreshReadCase, 'filters'>,
  unmarked = false,
): Promise<{ stale: boolean }> {
  const db = c.database.db;
  const fresh = await expectFreshReads(db, { filters, ...reads }, label);
  if (!unmarked) expect(fresh.marked, `${label}: marked`).toBeGreaterThan(0);
  await refreshRatingSums(db);
  expect(await db.selectFrom('attribute_rating_sums_dirty').selectAll().execute(), label).toEqual([]);
  const live = (await liveSums(db)).map((r) => ({
    ...r,
    weighted_sum: Number(r.weighted_sum),
    weight_sum: Number(r.weight_sum),
  }));
  const stored = (await storedSums(db)).map((r) => ({
    ...r,
    weighted_sum: Number(r.weighted_sum),
    weight_sum: Number(r.weight_sum),
  }));
  expect(stored, label).toEqual(live);
  for (const filter of [{}, ...filters]) {
    const what = `${label} ${JSON.stringify(filter)}`;
    expect(await summaryRatings(db, filter, false), what).toEqual(await liveRatings(db, filter, false));
    expect(await summaryRatings(db, filter, true), what).toEqual(await liveRatings(db, filter, true));
    // The list functions refresh by themselves and read the same sums.
    const ratings = await listAttributeRatings(db, filter);
    expect(ratings.length, what).toBe((await liveRatings(db, filter, false)).length);
    const bands = await countAttributeBands(db, filter);
    expect(
      bands.reduce((n, b) => n + b.records, 0),
      what,
    ).toBe(ratings.length);
    const averages = await listGlobalAttributeAverages(db, filter);
    expect(
      averages.reduce((n, a) => n + a.subjects, 0),
      what,
    ).toBe(ratings.length);
  }
  return { stale: fresh.stale };
}

// Each step reads every public function on the state a write left: slow on a loaded PostgreSQL.
describe('the stored rating sums stay exact after every kind of write', { timeout: 120_000 }, () => {
  const ctx = useTestApp();
  let sheet: SheetFixture;
  let other: SheetFixture;
  let generationId = 0;
  let exam = 0;
  let project = 0;
  let essay = 0;
  const filters = () => [
    { generationId },
    { subjectId: sheet.subjectId, groupId: sheet.groupId, periodId: sheet.periodId },
    { generationId, attributeId: sheet.attributeIds[1]! },
    { periodId: sheet.periodId },
    { userIds: sheet.students.map((s) => s.id) },
  ];
  const reads = () => ({
    students: [sheet.students[0]!.id, other.students[0]!.id],
    cohorts: [
      { generationId, careerId: sheet.careerId },
      { generationId, careerId: other.careerId },
    ],
  });
  const save = (calificaciones: Array<{ user_id: number; activity_id: number; qualification: number | null }>) =>
    as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/profesor/calificar/actividades/batch',
      payload: { calificaciones },
    });
  const upsert = (activities: unknown[]) =>
    as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/activities/bulk-upsert',
      payload: { professor_subject_id: sheet.assignmentId, activities },
    });

  beforeAll(async () => {
    sheet = await makeSheet(ctx(), { students: 4 });
    other = await makeSheet(ctx(), { students: 2 });
    const generation = await makeGeneration(ctx(), '2024-08-01');
    generationId = generation.id;
    await ctx()
      .database.db.insertInto('user_generations')
      .values(
        sheet.students.slice(0, 3).map((s) => ({
          user_id: s.id,
          generation_id: generationId,
          current_semester_id: 1,
          active: 1,
          created_at: nowIso(),
          updated_at: nowIso(),
        })),
      )
      .execute();
    await linkStudentToGeneration(ctx(), generationId);
    // The cohort of the evidence: the generation's students linked to the career (the fourth one is not in it).
    await ctx()
      .database.db.insertInto('user_careers')
      .values(sheet.students.map((s) => ({ user_id: s.id, career_id: sheet.careerId })))
      .execute();
  });

  it('after creating activities and saving a grade batch on screen', async () => {
    const res = await upsert([
      { activity_name: 'Examen', ponderation: 30, attribute_ids: [sheet.attributeIds[0]] },
      { activity_name: 'Proyecto', ponderation: 70.25, attribute_ids: sheet.attributeIds },
      { activity_name: 'Ensayo', ponderation: 12.5, attribute_ids: [sheet.attributeIds[1]] },
    ]);
    expect(res.statusCode).toBe(200);
    [exam, project, essay] = res.json().activities.map((a: { id: number }) => a.id);
    await expectExact(ctx(), filters(), 'activities created', reads());
    const [s1, s2, s3, s4] = sheet.students.map((s) => s.id) as [number, number, number, number];
    const first = await save([
      { user_id: s1, activity_id: exam, qualification: 84.45 },
      { user_id: s1, activity_id: project, qualification: 90 },
      { user_id: s2, activity_id: exam, qualification: 69.95 },
      { user_id: s2, activity_id: essay, qualification: 100 },
      { user_id: s3, activity_id: project, qualification: 55.5 },
      { user_id: s4, activity_id: project, qualification: 0.05 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    // Inside a transaction the same reads compute the marked assignments live: the same answers.
    await ctx()
      .database.db.transaction()
      .execute(async (trx) => {
        expect(
          (await expectFreshReads(trx, { filters: filters(), ...reads() }, 'batch saved, in a transaction')).marked,
        ).toBeGreaterThan(0);
      });
    // The reads met stale sums (what they would have answered without refreshing differs from the grades).
    expect((await expectExact(ctx(), filters(), 'batch saved', reads())).stale).toBe(true);
    // A second save changes, clears and adds grades.
    const second = await save([
      { user_id: s1, activity_id: exam, qualification: 89.95 },
      { user_id: s2, activity_id: essay, qualification: 0 },
      { user_id: s3, activity_id: project, qualification: 73.25 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    await expectExact(ctx(), filters(), 'batch changed', reads());
    // A grade cleared (what a row-level edit elsewhere may do).
    await ctx()
      .database.db.updateTable('user_activities')
      .set({ qualification: null })
      .where('user_id', '=', s2)
      .where('activity_id', '=', exam)
      .execute();
    await expectExact(ctx(), filters(), 'grade cleared', reads());
  });

  it('after an import and its undo', async () => {
    const mat = await controlNumbers(
      ctx(),
      sheet.students.map((s) => s.id),
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Hoja1');
    ws.addRow(['Matrícula', 'Nombre', 'Examen', 'Proyecto', 'Ensayo']);
    sheet.students.forEach((s, i) => ws.addRow([mat.get(s.id), 'x', 60 + i * 7.5, 99.99 - i, i % 2 ? 1.005 : null]));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/ratings/import',
      ...multipart([
        { name: 'file', filename: 'c.xlsx', content: file },
        { name: 'group_id', value: String(sheet.groupId) },
        { name: 'subject_id', value: String(sheet.subjectId) },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const batchId = res.json().batch_id as string;
    expect(batchId).toBeTruthy();
    await expectExact(ctx(), filters(), 'imported', reads());
    const undo = await as(ctx(), sheet.teacher, { method: 'POST', url: `/api/grade-history/imports/${batchId}/undo` });
    expect(undo.statusCode, undo.body).toBe(200);
    await expectExact(ctx(), filters(), 'import undone', reads());
  });

  it('after a ponderation change, attribute links changed and an activity deleted', async () => {
    expect(
      (await upsert([{ id: project, activity_name: 'Proyecto', ponderation: 33.3, attribute_ids: sheet.attributeIds }]))
        .statusCode,
    ).toBe(200);
    await expectExact(ctx(), filters(), 'ponderation', reads());
    expect(
      (await upsert([{ id: exam, activity_name: 'Examen', ponderation: 30, attribute_ids: [sheet.attributeIds[1]] }]))
        .statusCode,
    ).toBe(200);
    await expectExact(ctx(), filters(), 'links replaced', reads());
    expect(
      (await upsert([{ id: essay, activity_name: 'Ensayo', ponderation: 0, attribute_ids: [sheet.attributeIds[1]] }]))
        .statusCode,
    ).toBe(200);
    await expectExact(ctx(), filters(), 'ponderation zero', reads());
    expect(
      (await as(ctx(), sheet.teacher, { method: 'DELETE', url: `/api/activities/${exam}` })).statusCode,
    ).toBeLessThan(300);
    await expectExact(ctx(), filters(), 'activity deleted', reads());
  });

  it("after direct writes: links, an assignment's subject, group and period, grades moved, a student and an assignment deleted", async () => {
    const db = ctx().database.db;
    await db
      .insertInto('activity_attributes')
      .values({ activity_id: essay, attribute_id: sheet.attributeIds[0]! })
      .execute();
    await db.updateTable('activities').set({ ponderation: 45 }).where('id', '=', essay).execute();
    await expectExact(ctx(), filters(), 'link inserted', reads());
    await db
      .deleteFrom('activity_attributes')
      .where('activity_id', '=', essay)
      .where('attribute_id', '=', sheet.attributeIds[1]!)
      .execute();
    await expectExact(ctx(), filters(), 'link deleted', reads());
    await db
      .updateTable('activity_attributes')
      .set({ attribute_id: other.attributeIds[0]! })
      .where('activity_id', '=', project)
      .where('attribute_id', '=', sheet.attributeIds[1]!)
      .execute();
    await expectExact(ctx(), filters(), 'link moved', reads());
    await db
      .updateTable('professor_subjects')
      .set({ subject_id: other.subjectId })
      .where('id', '=', sheet.assignmentId)
      .execute();
    await expectExact(ctx(), [...filters(), { subjectId: other.subjectId }], 'subject changed', reads());
    await db
      .updateTable('professor_subjects')
      .set({ group_id: other.groupId, period_id: null })
      .where('id', '=', sheet.assignmentId)
      .execute();
    await expectExact(ctx(), [...filters(), { groupId: other.groupId }], 'group and period changed', reads());
    await db
      .updateTable('professor_subjects')
      .set({ subject_id: sheet.subjectId, group_id: sheet.groupId, period_id: sheet.periodId })
      .where('id', '=', sheet.assignmentId)
      .execute();
    await expectExact(ctx(), filters(), 'assignment restored', reads());
    // A grade moved to another student and to another activity, and a whole activity moved to another assignment.
    const [s1, s2, s3, s4] = sheet.students.map((s) => s.id) as [number, number, number, number];
    await db.deleteFrom('user_activities').where('user_id', '=', s2).where('activity_id', '=', project).execute();
    await db
      .updateTable('user_activities')
      .set({ user_id: s2 })
      .where('user_id', '=', s4)
      .where('activity_id', '=', project)
      .execute();
    await db.deleteFrom('user_activities').where('user_id', '=', s1).where('activity_id', '=', essay).execute();
    await db
      .updateTable('user_activities')
      .set({ activity_id: essay })
      .where('user_id', '=', s1)
      .where('activity_id', '=', project)
      .execute();
    await expectExact(ctx(), filters(), 'grades moved', reads());
    await db
      .updateTable('activities')
      .set({ professor_subject_id: other.assignmentId })
      .where('id', '=', project)
      .execute();
    await expectExact(ctx(), [...filters(), { subjectId: other.subjectId }], 'activity moved', reads());
    // A student's grades and then the student (what deleting a graded student takes).
    await db.deleteFrom('user_activities').where('user_id', '=', s3).execute();
    await db.deleteFrom('user_generations').where('user_id', '=', s3).execute();
    await db.deleteFrom('user_groups').where('user_id', '=', s3).execute();
    await db.deleteFrom('enrolments').where('user_id', '=', s3).execute();
    await db.deleteFrom('users').where('id', '=', s3).execute();
    await expectExact(ctx(), filters(), 'student deleted', reads());
    // An assignment with its activities and grades.
    const activities = (
      await db.selectFrom('activities').select('id').where('professor_subject_id', '=', other.assignmentId).execute()
    ).map((a) => a.id);
    await db.deleteFrom('user_activities').where('activity_id', 'in', activities).execute();
    await db.deleteFrom('activities').where('id', 'in', activities).execute();
    await db.deleteFrom('professor_subjects').where('id', '=', other.assignmentId).execute();
    await expectExact(ctx(), filters(), 'assignment deleted', reads());
    expect(
      await db
        .selectFrom('attribute_rating_sums')
        .select('user_id')
        .where('professor_subject_id', '=', other.assignmentId)
        .execute(),
    ).toEqual([]);
  });

  it('keeps the sums of writes made inside a transaction that is rolled back out', async () => {
    const db = ctx().database.db;
    const [s1] = sheet.students.map((s) => s.id);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('user_activities').set({ qualification: 1 }).where('user_id', '=', s1!).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExact(ctx(), filters(), 'rolled back', reads(), true);
  });
});

describe('the stored rating sums of the demo data', { timeout: 120_000 }, () => {
  const ctx = useTestApp();
  it('equal the live sums after seeding the demo institution', async () => {
    await seedDemo(ctx().database.db);
    const generations = await ctx().database.db.selectFrom('generations').select('id').execute();
    const careers = await ctx().database.db.selectFrom('careers').select('id').execute();
    const students = await ctx()
      .database.db.selectFrom('users')
      .select('id')
      .where('role', '=', ROLE.STUDENT)
      .orderBy('id')
      .limit(3)
      .execute();
    await expectExact(
      ctx(),
      generations.map((g) => ({ generationId: g.id })),
      'demo',
      {
        students: students.map((s) => s.id),
        cohorts: generations.flatMap((g) => careers.map((c) => ({ generationId: g.id, careerId: c.id }))),
      },
      true,
    );
  });
});

describe('rating reads and write transactions', () => {
  const ctx = useTestApp();

  /** A sheet with one activity linked to both attributes, and a grade writer for it. */
  async function gradedSheet() {
    const sheet = await makeSheet(ctx(), { students: 3 });
    const activity = await makeActivity(ctx(), sheet.assignmentId, sheet.attributeIds);
    const write = (db: DbOrTrx, base: number) =>
      db
        .insertInto('user_activities')
        .values(
          sheet.students.map((s, i) => ({
            user_id: s.id,
            activity_id: activity.id,
            qualification: base + i * 15,
            updated_at: nowIso(),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'activity_id'])
            .doUpdateSet((eb) => ({ qualification: eb.ref('excluded.qualification') })),
        )
        .execute();
    return { sheet, write, filter: { subjectId: sheet.subjectId } };
  }
  const ratingsOf = (rows: Array<{ rating: number }>) => rows.map((r) => r.rating);

  it("see the transaction's own writes, also when several run side by side in it", async () => {
    const { write, filter } = await gradedSheet();
    await ctx()
      .database.db.transaction()
      .execute(async (trx) => {
        await write(trx, 60);
        const [ratings, bands, averages] = await Promise.all([
          listAttributeRatings(trx, filter),
          countAttributeBands(trx, filter),
          listGlobalAttributeAverages(trx, filter),
        ]);
        expect(ratingsOf(ratings)).toEqual([60, 60, 75, 75, 90, 90]);
        expect(bands.map((b) => [b.sobresaliente, b.suficiente, b.insuficiente].map(Number))).toEqual([
          [1, 1, 1],
          [1, 1, 1],
        ]);
        expect(averages.map((a) => a.average)).toEqual([60, 60, 75, 75, 90, 90]);
      });
    expect(ratingsOf(await listAttributeRatings(ctx().database.db, filter))).toEqual([60, 60, 75, 75, 90, 90]);
  });

  // Two connections at once: SQLite has one, and a second transaction waits for the first by design.
  it.runIf(onPostgres)(
    'do not deadlock when two write transactions each read ratings after writing',
    async () => {
      const sheets = [await gradedSheet(), await gradedSheet()];
      const wrote = sheets.map(() => {
        let resolve = () => {};
        const promise = new Promise<void>((done) => {
          resolve = done;
        });
        return { promise, resolve };
      });
      const run = (k: number) =>
        ctx()
          .database.db.transaction()
          .execute(async (trx) => {
            await sheets[k]!.write(trx, 50 + k * 10);
            wrote[k]!.resolve();
            await Promise.all(wrote.map((w) => w.promise));
            return listAttributeRatings(trx, sheets[k]!.filter);
          });
      const [first, second] = await Promise.all([run(0), run(1)]);
      expect(ratingsOf(first)).toEqual([50, 50, 65, 65, 80, 80]);
      expect(ratingsOf(second)).toEqual([60, 60, 75, 75, 90, 90]);
    },
    20_000,
  );

  it('lose no grade a transaction writes while a read refreshes, and see it once committed', async () => {
    const { write, filter } = await gradedSheet();
    const db = ctx().database.db;
    await write(db, 40); // committed and marked, not refreshed yet
    let during: Promise<Array<{ rating: number }>> | undefined;
    await db.transaction().execute(async (trx) => {
      await write(trx, 70);
      // A read outside the transaction meanwhile: it may wait for the commit, it must not lose the change.
      during = listAttributeRatings(db, filter);
      await new Promise((done) => setTimeout(done, 300));
    });
    expect([
      [40, 40, 55, 55, 70, 70],
      [70, 70, 85, 85, 100, 100],
    ]).toContainEqual(ratingsOf(await during!));
    expect(ratingsOf(await listAttributeRatings(db, filter))).toEqual([70, 70, 85, 85, 100, 100]);
  }, 20_000);
});
