import { ROLE, averageRatings, halfUpQuotient, weightedMeanTenths } from '@egreso/domain';
import { expect } from 'vitest';
import type { DbOrTrx } from '../../db/types.js';
import {
  countAttributeBands,
  countRecordBandsBySubject,
  countStudentBands,
  countStudentBandsByPeriod,
  listAttributeRatings,
  listAttributeRatingsUnordered,
  listGlobalAttributeAverages,
  listStudentAttributeRatings,
  type CohortScope,
} from './ratings.repository.js';
import {
  freshRatings,
  selectAttributeRatings,
  selectPeriodAttributeRatings,
  type FreshRatings,
  type RatingFilter,
} from './sums.js';

/*
 * Test support: every public read of the ratings module, each one called on the database exactly as a write left it
 * (stale sums and their marks), compared with a computation in JavaScript from the grades with the domain's rules.
 * Nothing here refreshes: the module must.
 */

interface GradeRow {
  user_id: number;
  attribute_id: number;
  subject_id: number;
  period_id: number | null;
  group_id: number | null;
  qualification: number | null;
  ponderation: number;
}

interface LiveRating {
  user_id: number;
  attribute_id: number;
  subject_id: number;
  period_id: number | null;
  tenths: number;
}

/** Everything the ratings depend on, read raw (no aggregate). */
async function readGrades(db: DbOrTrx) {
  const [grades, generations, careers, students, attributes, links] = await Promise.all([
    db
      .selectFrom('user_activities as ua')
      .innerJoin('activities as a', 'a.id', 'ua.activity_id')
      .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
      .innerJoin('professor_subjects as ps', 'ps.id', 'a.professor_subject_id')
      .select([
        'ua.user_id',
        'aa.attribute_id',
        'ps.subject_id',
        'ps.period_id',
        'ps.group_id',
        'ua.qualification',
        'a.ponderation',
      ])
      .execute() as Promise<GradeRow[]>,
    db.selectFrom('user_generations').select(['user_id', 'generation_id']).execute(),
    db.selectFrom('user_careers').select(['user_id', 'career_id']).execute(),
    db.selectFrom('users').select('id').where('role', '=', ROLE.STUDENT).execute(),
    db.selectFrom('attributes').select(['id', 'career_id']).execute(),
    db.selectFrom('subject_attributes').select(['subject_id', 'attribute_id']).execute(),
  ]);
  return { grades, generations, careers, students: new Set(students.map((s) => s.id)), attributes, links };
}

type Live = Awaited<ReturnType<typeof readGrades>>;

/** The ratings of DESIGN §3 from the raw grades: `weightedMeanTenths` per student, attribute, subject (and period). */
function liveRatings(live: Live, filter: RatingFilter, byPeriod: boolean): LiveRating[] {
  const inGeneration = new Set(
    live.generations.filter((g) => g.generation_id === filter.generationId).map((g) => g.user_id),
  );
  const groups = new Map<
    string,
    { key: Omit<LiveRating, 'tenths'>; items: Array<{ value: number | null; weight: number }> }
  >();
  for (const g of live.grades) {
    if (filter.userIds && !filter.userIds.includes(g.user_id)) continue;
    if (filter.subjectId !== undefined && g.subject_id !== filter.subjectId) continue;
    if (filter.groupId !== undefined && g.group_id !== filter.groupId) continue;
    if (filter.periodId !== undefined && g.period_id !== filter.periodId) continue;
    if (filter.attributeId !== undefined && g.attribute_id !== filter.attributeId) continue;
    if (filter.generationId !== undefined && !inGeneration.has(g.user_id)) continue;
    if (byPeriod && g.period_id === null) continue;
    const period_id = byPeriod ? g.period_id : null;
    const id = `${g.user_id}:${g.attribute_id}:${g.subject_id}:${period_id}`;
    let group = groups.get(id);
    if (!group)
      groups.set(
        id,
        (group = {
          key: { user_id: g.user_id, attribute_id: g.attribute_id, subject_id: g.subject_id, period_id },
          items: [],
        }),
      );
    group.items.push({
      value: g.qualification === null ? null : Number(g.qualification),
      weight: Number(g.ponderation),
    });
  }
  const out: LiveRating[] = [];
  for (const { key, items } of groups.values()) {
    const tenths = weightedMeanTenths(items);
    if (tenths !== null) out.push({ ...key, tenths });
  }
  return out.sort(
    (x, y) =>
      x.user_id - y.user_id ||
      x.subject_id - y.subject_id ||
      x.attribute_id - y.attribute_id ||
      (x.period_id ?? 0) - (y.period_id ?? 0),
  );
}

const band = (tenths: number) => (tenths >= 900 ? 'sobresaliente' : tenths >= 700 ? 'suficiente' : 'insuficiente');

function bandCounts<K>(rows: Array<{ key: K; id: string; tenths: number }>) {
  const out = new Map<
    string,
    { key: K; total: number; sobresaliente: number; suficiente: number; insuficiente: number }
  >();
  for (const r of rows) {
    const c = out.get(r.id) ?? { key: r.key, total: 0, sobresaliente: 0, suficiente: 0, insuficiente: 0 };
    c.total += 1;
    c[band(r.tenths)] += 1;
    out.set(r.id, c);
  }
  return [...out.values()].map(({ key, ...counts }) => ({ ...key, ...counts }));
}

/** Per student and key, the half-up mean of the ratings' tenths (how the evidence averages a student's ratings). */
function meanPerStudent<K extends Record<string, number>>(ratings: LiveRating[], keyOf: (r: LiveRating) => K) {
  const groups = new Map<string, { key: K; sum: number; n: number }>();
  for (const r of ratings) {
    const key = keyOf(r);
    const id = `${r.user_id}:${JSON.stringify(key)}`;
    const g = groups.get(id) ?? { key, sum: 0, n: 0 };
    g.sum += r.tenths;
    g.n += 1;
    groups.set(id, g);
  }
  return [...groups.values()].map((g) => ({
    key: g.key,
    id: JSON.stringify(g.key),
    tenths: halfUpQuotient(g.sum, g.n),
  }));
}

const numbers = <T extends object>(rows: T[]): T[] =>
  rows.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
      ) as T,
  );
const sorted = <T>(rows: T[]) => [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

/** What the database holds right after a write: the stored sums (possibly stale) and the marks. */
async function snapshot(db: DbOrTrx) {
  const [sums, marks] = await Promise.all([
    db.selectFrom('attribute_rating_sums').selectAll().execute(),
    db.selectFrom('attribute_rating_sums_dirty').selectAll().execute(),
  ]);
  return { sums, marks };
}

/** Puts the stored sums and the marks back as the write left them, so that the next read meets them stale. */
async function restore(db: DbOrTrx, state: Awaited<ReturnType<typeof snapshot>>) {
  await db.deleteFrom('attribute_rating_sums').execute();
  await db.deleteFrom('attribute_rating_sums_dirty').execute();
  for (let i = 0; i < state.sums.length; i += 500)
    await db
      .insertInto('attribute_rating_sums')
      .values(state.sums.slice(i, i + 500))
      .execute();
  if (state.marks.length) await db.insertInto('attribute_rating_sums_dirty').values(state.marks).execute();
}

export interface FreshReadCase {
  filters: RatingFilter[];
  students: number[];
  cohorts: CohortScope[];
}

/**
 * Calls every public read of the ratings module on the state the last write left (restored before each call, so
 * each read meets the marks itself) and compares it with the live computation. Answers how many assignments were
 * marked and whether the stored sums were stale, so a caller can show that the reads had something to refresh.
 */
export async function expectFreshReads(
  db: DbOrTrx,
  what: FreshReadCase,
  label: string,
): Promise<{ marked: number; stale: boolean }> {
  const state = await snapshot(db);
  const live = await readGrades(db);
  const staleRatings = numbers(await selectAttributeRatings(db as FreshRatings, {}).execute()).map((r) => ({
    user_id: r.user_id,
    attribute_id: r.attribute_id,
    subject_id: r.subject_id,
    tenths: Number(r.rating_tenths),
  }));
  const stale =
    JSON.stringify(sorted(staleRatings)) !==
    JSON.stringify(sorted(liveRatings(live, {}, false).map(({ period_id: _p, ...r }) => r)));
  const check = async <T>(
    name: string,
    read: () => Promise<T>,
    expected: T,
    normalize: (v: T) => unknown = (v) => v,
  ) => {
    await restore(db, state);
    expect(normalize(await read()), `${label}: ${name}`).toEqual(normalize(expected));
  };

  // Every function on the whole data; the ordered list under each filter too (the filters themselves are checked against
  // live computations after a refresh by the callers, this is about meeting the marks).
  for (const [n, filter] of [{}, ...what.filters].entries()) {
    const f = JSON.stringify(filter);
    const ratings = liveRatings(live, filter, false);
    const asRecords = ratings.map((r) => ({
      user_id: r.user_id,
      attribute_id: r.attribute_id,
      subject_id: r.subject_id,
      rating: r.tenths / 10,
    }));
    await check(`listAttributeRatings ${f}`, () => listAttributeRatings(db, filter), asRecords);
    if (n > 0) continue;
    await check(
      `listAttributeRatingsUnordered ${f}`,
      () => listAttributeRatingsUnordered(db, filter),
      asRecords,
      sorted,
    );
    const bands = bandCounts(
      ratings.map((r) => ({ key: { attribute_id: r.attribute_id }, id: String(r.attribute_id), tenths: r.tenths })),
    ).map(({ total, ...c }) => ({
      ...c,
      records: total,
      students: new Set(ratings.filter((r) => r.attribute_id === c.attribute_id).map((r) => r.user_id)).size,
    }));
    await check(`countAttributeBands ${f}`, async () => numbers(await countAttributeBands(db, filter)), bands, sorted);
    const averages = new Map<string, { user_id: number; attribute_id: number; values: number[] }>();
    for (const r of ratings) {
      const id = `${r.user_id}:${r.attribute_id}`;
      const a = averages.get(id) ?? { user_id: r.user_id, attribute_id: r.attribute_id, values: [] };
      a.values.push(r.tenths / 10);
      averages.set(id, a);
    }
    await check(
      `listGlobalAttributeAverages ${f}`,
      async () => numbers(await listGlobalAttributeAverages(db, filter)),
      [...averages.values()].map((a) => ({
        user_id: a.user_id,
        attribute_id: a.attribute_id,
        average: averageRatings(a.values)!,
        subjects: a.values.length,
      })),
      sorted,
    );
    const tenthsOf = (
      rows: Array<{
        user_id: number;
        attribute_id: number;
        subject_id: number;
        period_id?: number;
        rating_tenths: number | null;
      }>,
    ) =>
      rows.map((r) => ({
        user_id: r.user_id,
        attribute_id: r.attribute_id,
        subject_id: r.subject_id,
        period_id: r.period_id ?? null,
        tenths: Number(r.rating_tenths),
      }));
    await check(
      `freshRatings + selectAttributeRatings ${f}`,
      async () => tenthsOf(await selectAttributeRatings(await freshRatings(db), filter).execute()),
      ratings,
      sorted,
    );
    await check(
      `freshRatings + selectPeriodAttributeRatings ${f}`,
      async () => tenthsOf(numbers(await selectPeriodAttributeRatings(await freshRatings(db), filter).execute())),
      liveRatings(live, filter, true),
      sorted,
    );
  }

  for (const userId of what.students) {
    const enrolled = new Set(
      (await db.selectFrom('enrolments').select('subject_id').where('user_id', '=', userId).execute()).map(
        (e) => e.subject_id,
      ),
    );
    const ratings = liveRatings(live, { userIds: [userId] }, false);
    const expected = (subjectId?: number) =>
      live.links
        .filter((l) => (subjectId === undefined ? enrolled.has(l.subject_id) : l.subject_id === subjectId))
        .map((l) => ({
          attribute_id: l.attribute_id,
          subject_id: l.subject_id,
          attributerating: ((t) => (t === undefined ? null : t.tenths / 10))(
            ratings.find((r) => r.attribute_id === l.attribute_id && r.subject_id === l.subject_id),
          ),
        }));
    const shape = (rows: Array<{ attribute_id: number; subject_id: number; attributerating: number | null }>) =>
      sorted(
        rows.map((r) => ({
          attribute_id: r.attribute_id,
          subject_id: r.subject_id,
          attributerating: r.attributerating,
        })),
      );
    await check(
      `listStudentAttributeRatings ${userId}`,
      () => listStudentAttributeRatings(db, userId),
      expected(),
      shape,
    );
    for (const subjectId of [...enrolled].slice(0, 1)) {
      await check(
        `listStudentAttributeRatings ${userId} ${subjectId}`,
        () => listStudentAttributeRatings(db, userId, subjectId),
        expected(subjectId),
        shape,
      );
    }
  }

  for (const scope of what.cohorts) {
    const s = JSON.stringify(scope);
    const members = new Set(
      live.generations
        .filter(
          (g) =>
            g.generation_id === scope.generationId &&
            live.students.has(g.user_id) &&
            live.careers.some((c) => c.user_id === g.user_id && c.career_id === scope.careerId),
        )
        .map((g) => g.user_id),
    );
    // The career's own attributes and the shared ones (no career).
    const attributes = new Set(
      live.attributes.filter((a) => a.career_id === scope.careerId || a.career_id === null).map((a) => a.id),
    );
    const ofCohort = (rows: LiveRating[]) =>
      rows.filter((r) => members.has(r.user_id) && attributes.has(r.attribute_id));
    const whole = ofCohort(liveRatings(live, { generationId: scope.generationId }, false));
    const perPeriod = ofCohort(liveRatings(live, { generationId: scope.generationId }, true));
    await check(
      `countStudentBands ${s}`,
      async () => numbers(await countStudentBands(db, scope)),
      bandCounts(meanPerStudent(whole, (r) => ({ attribute_id: r.attribute_id }))),
      sorted,
    );
    await check(
      `countStudentBandsByPeriod ${s}`,
      async () => numbers(await countStudentBandsByPeriod(db, scope)),
      bandCounts(meanPerStudent(perPeriod, (r) => ({ attribute_id: r.attribute_id, period_id: r.period_id! }))),
      sorted,
    );
    await check(
      `countRecordBandsBySubject ${s}`,
      async () =>
        numbers(await countRecordBandsBySubject(db, scope)).map(
          ({ subject_key: _k, subject_name: _n, knowledge_level: _l, ...c }) => c,
        ),
      bandCounts(
        whole.map((r) => ({
          key: { attribute_id: r.attribute_id, subject_id: r.subject_id },
          id: `${r.attribute_id}:${r.subject_id}`,
          tenths: r.tenths,
        })),
      ),
      sorted,
    );
  }
  await restore(db, state);
  return { marked: state.marks.length, stale };
}
