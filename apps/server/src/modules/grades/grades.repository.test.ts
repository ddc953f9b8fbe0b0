import { beforeAll, describe, expect, it } from 'vitest';
import { attributeRating, averageRatings, finalGrade, gradeBand, weightedMean } from '@egreso/domain';
import type { Insertable } from 'kysely';
import { insertInChunks } from '../../db/chunks.js';
import type { Database } from '../../db/types.js';
import { seededRandom } from '../../lib/random.js';
import { nowIso } from '../../lib/time.js';
import { useTestApp, type TestContext } from '../../test/harness.js';
import {
  countAttributeBands,
  listAttributeRatings,
  listGlobalAttributeAverages,
  type AttributeBandCount,
  type AttributeRating,
  type GlobalAttributeAverage,
  type RatingFilter,
} from '../ratings/index.js';
import { listFinalGrades, selectFinalGrades } from './grades.repository.js';

const ctx = useTestApp();
const now = nowIso();
const stamp = { created_at: now, updated_at: now };

/** Inserts rows in one statement and answers their ids, in the order of the rows. */
async function ids<T extends keyof Database & string>(c: TestContext, table: T, rows: Insertable<Database[T]>[]) {
  /* eslint-disable @typescript-eslint/no-explicit-any -- one generic insert for every table */
  const out = await c.database.db
    .insertInto(table)
    .values(rows as any)
    .returning('id' as any)
    .execute();
  /* eslint-enable @typescript-eslint/no-explicit-any */
  return (out as Array<{ id: number }>).map((r) => r.id);
}

let seq = 0;
function person(role: number, gender: number | null = 1): Insertable<Database['users']> {
  seq += 1;
  return {
    full_name: `Persona ${seq}`,
    email: `p${seq}_${Math.random().toString(36).slice(2, 7)}@grades.mx`,
    password_hash: 'x',
    role,
    controlnumber: `G${seq}`,
    gender,
    photo: null,
    ...stamp,
  };
}

describe('aggregates on a hand-computed example', () => {
  let ps1 = 0;
  let ps2 = 0;
  let ana = 0;
  let beto = 0;
  let carla = 0;
  let attrA = 0;
  let attrB = 0;
  let subject1 = 0;
  let subject2 = 0;

  beforeAll(async () => {
    const c = ctx();
    const [teacher, a, b, cc] = await ids(c, 'users', [person(2), person(3, 2), person(3, 1), person(3, 2)]);
    ana = a!;
    beto = b!;
    carla = cc!;
    [subject1, subject2] = (await ids(c, 'subjects', [
      { subject_name: 'Cálculo', subject_key: `HC-${seq}-1`, theory_credits: 3, practice_credits: 2, ...stamp },
      { subject_name: 'Ética', subject_key: `HC-${seq}-2`, theory_credits: 3, practice_credits: 2, ...stamp },
    ])) as [number, number];
    const [group] = await ids(c, 'groups', [{ group_name: `HC-${seq}`, semester_id: 1, ...stamp }]);
    const [period] = await ids(c, 'periods', [
      {
        period_name: `HC ${seq}`,
        start_date: '2026-01-01',
        end_date: '2026-06-30',
        status: 'published',
        is_active: 0,
        notes: null,
        ...stamp,
      },
    ]);
    [attrA, attrB] = (await ids(c, 'attributes', [
      { attribute_name: 'A', description: null, codigo: null, career_id: null, ...stamp },
      { attribute_name: 'B', description: null, codigo: null, career_id: null, ...stamp },
    ])) as [number, number];
    [ps1, ps2] = (await ids(c, 'professor_subjects', [
      {
        user_id: teacher!,
        subject_id: subject1,
        group_id: group!,
        period_id: period!,
        career_id: null,
        created_at: now,
      },
      {
        user_id: teacher!,
        subject_id: subject2,
        group_id: group!,
        period_id: period!,
        career_id: null,
        created_at: now,
      },
    ])) as [number, number];
    const activity = (ps: number, ponderation: number) => ({
      professor_subject_id: ps,
      activity_name: 'X',
      type_activity: null,
      evaluation_instrument: null,
      ponderation,
      ...stamp,
    });
    const [exam, project, pending, essay] = await ids(c, 'activities', [
      activity(ps1, 30),
      activity(ps1, 70),
      activity(ps1, 100),
      activity(ps2, 100),
    ]);
    await insertInChunks(c.database.db, 'activity_attributes', [
      { activity_id: exam!, attribute_id: attrA },
      { activity_id: project!, attribute_id: attrA },
      { activity_id: project!, attribute_id: attrB },
      { activity_id: pending!, attribute_id: attrB },
      { activity_id: essay!, attribute_id: attrA },
    ]);
    const grade = (user_id: number, activity_id: number, qualification: number | null) => ({
      user_id,
      activity_id,
      qualification,
      updated_by: null,
      updated_at: now,
    });
    await insertInChunks(c.database.db, 'user_activities', [
      // Ana: (80×30 + 90×70) / 100 = 87.0; the ungraded activity is left out.
      grade(ana, exam!, 80),
      grade(ana, project!, 90),
      grade(ana, pending!, null),
      grade(ana, essay!, 84.45),
      // Beto: 84.45 alone → 84.5 (a binary 84.4499… would give 84.4).
      grade(beto, exam!, 84.45),
      grade(beto, project!, null),
      // Carla: nothing graded yet → null final grade, no rating.
      grade(carla, exam!, null),
    ]);
  });

  it('computes the final grades of a whole group, null when nothing is graded', async () => {
    expect(await listFinalGrades(ctx().database.db, ps1)).toEqual(
      [
        { user_id: ana, final_grade: 87 },
        { user_id: beto, final_grade: 84.5 },
        { user_id: carla, final_grade: null },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    expect(await listFinalGrades(ctx().database.db, ps2)).toEqual([{ user_id: ana, final_grade: 84.5 }]);
  });

  it('rates each attribute per student and subject from the linked activities only', async () => {
    const ratings = await listAttributeRatings(ctx().database.db, { userIds: [ana, beto, carla] });
    expect(ratings).toEqual(
      expect.arrayContaining([
        { user_id: ana, attribute_id: attrA, subject_id: subject1, rating: 87 },
        { user_id: ana, attribute_id: attrB, subject_id: subject1, rating: 90 },
        { user_id: ana, attribute_id: attrA, subject_id: subject2, rating: 84.5 },
        { user_id: beto, attribute_id: attrA, subject_id: subject1, rating: 84.5 },
      ]),
    );
    // Beto's only attribute-B activity is ungraded, and Carla has no grade: no record, not a zero.
    expect(ratings).toHaveLength(4);
  });

  it("averages a student's per-subject ratings into the global attribute average", async () => {
    expect(await listGlobalAttributeAverages(ctx().database.db, { userIds: [ana] })).toEqual([
      // (87.0 + 84.5) / 2 = 85.75 → 85.8
      { user_id: ana, attribute_id: attrA, average: 85.8, subjects: 2 },
      { user_id: ana, attribute_id: attrB, average: 90, subjects: 1 },
    ]);
  });

  it('counts rating records in the three bands per attribute', async () => {
    expect(await countAttributeBands(ctx().database.db, { userIds: [ana, beto, carla] })).toEqual([
      { attribute_id: attrA, records: 3, students: 2, sobresaliente: 0, suficiente: 3, insuficiente: 0 },
      { attribute_id: attrB, records: 1, students: 1, sobresaliente: 1, suficiente: 0, insuficiente: 0 },
    ]);
    expect(await countAttributeBands(ctx().database.db, { userIds: [] })).toEqual([]);
  });
});

/** A random institution where every SQL aggregate must equal the domain function on the same rows. */
describe('aggregates agree with the domain rules on a random data set', () => {
  // A database of its own, so "no filter" means exactly this data set.
  const own = useTestApp();
  const rand = seededRandom(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const WEIGHTS = [10, 20, 25, 30, 33.3, 12.5, 0.25, 2.75, 40, 100, 15.55, 0, 1];
  const TRICKY = [84.45, 69.95, 89.95, 73.25, 0.05, 99.99, 100, 0, 70, 90, 89.94, 1.005];
  const grade = () => {
    const r = rand();
    if (r < 0.2) return pick(TRICKY);
    if (r < 0.5) return Math.floor(rand() * 101);
    if (r < 0.8) return Math.floor(rand() * 1001) / 10;
    return Math.floor(rand() * 10001) / 100;
  };

  interface Activity {
    id: number;
    ps: number;
    ponderation: number;
    attributes: number[];
  }
  interface Assignment {
    id: number;
    subject: number;
    group: number;
    period: number;
  }
  const assignments = new Map<number, Assignment>();
  const activities: Activity[] = [];
  const generationOf = new Map<number, number | null>();
  const grades: Array<{ user_id: number; activity_id: number; qualification: number | null }> = [];
  let periods: number[] = [];
  let groups: number[] = [];
  let subjects: number[] = [];
  let attributes: number[] = [];
  let generations: number[] = [];
  let students: number[] = [];

  beforeAll(async () => {
    const c = own();
    const [teacher] = await ids(c, 'users', [person(2)]);
    periods = await ids(
      c,
      'periods',
      [1, 2, 3].map((n) => ({
        period_name: `RND ${n}`,
        start_date: `202${n}-01-01`,
        end_date: `202${n}-06-30`,
        status: 'published' as const,
        is_active: 0,
        notes: null,
        ...stamp,
      })),
    );
    groups = await ids(
      c,
      'groups',
      [1, 2, 3, 4].map((n) => ({ group_name: `RND-${n}`, semester_id: n, ...stamp })),
    );
    subjects = await ids(
      c,
      'subjects',
      [1, 2, 3, 4, 5, 6].map((n) => ({
        subject_name: `Materia ${n}`,
        subject_key: `RND-${n}`,
        theory_credits: 2,
        practice_credits: 2,
        ...stamp,
      })),
    );
    attributes = await ids(
      c,
      'attributes',
      [1, 2, 3, 4, 5].map((n) => ({
        attribute_name: `Atributo ${n}`,
        description: null,
        codigo: `R${n}`,
        career_id: null,
        ...stamp,
      })),
    );
    generations = await ids(
      c,
      'generations',
      [1, 2, 3].map((n) => ({ start_date: `201${n}-08-01`, end_date: `201${n + 5}-02-01`, ...stamp })),
    );

    for (const group of groups) {
      for (const subject of subjects) {
        for (const period of periods) {
          if (rand() < 0.45) continue;
          const [id] = await ids(c, 'professor_subjects', [
            {
              user_id: teacher!,
              subject_id: subject,
              group_id: group,
              period_id: period,
              career_id: null,
              created_at: now,
            },
          ]);
          assignments.set(id!, { id: id!, subject, group, period });
          const weights = Array.from({ length: 2 + Math.floor(rand() * 6) }, () => pick(WEIGHTS));
          const activityIds = await ids(
            c,
            'activities',
            weights.map((ponderation, i) => ({
              professor_subject_id: id!,
              activity_name: `A${i}`,
              type_activity: null,
              evaluation_instrument: null,
              ponderation,
              ...stamp,
            })),
          );
          activityIds.forEach((activityId, i) => {
            activities.push({
              id: activityId,
              ps: id!,
              ponderation: weights[i]!,
              attributes: attributes.filter(() => rand() < 0.35),
            });
          });
        }
      }
    }
    await insertInChunks(
      c.database.db,
      'activity_attributes',
      activities.flatMap((a) => a.attributes.map((attribute_id) => ({ activity_id: a.id, attribute_id }))),
    );

    students = await ids(
      c,
      'users',
      Array.from({ length: 320 }, (_, i) => person(3, i % 3 === 0 ? 2 : 1)),
    );
    const memberships: Array<{ user_id: number; group_id: number }> = [];
    const links: Insertable<Database['user_generations']>[] = [];
    for (const student of students) {
      const group = pick(groups);
      memberships.push({ user_id: student, group_id: group });
      const generation = rand() < 0.9 ? pick(generations) : null;
      generationOf.set(student, generation);
      if (generation !== null)
        links.push({ user_id: student, generation_id: generation, current_semester_id: 1, active: 1, ...stamp });
      // Grades of the student's own group, plus now and then a course taken with another group.
      for (const activity of activities) {
        const own = assignments.get(activity.ps)!.group === group;
        if (!own && rand() > 0.03) continue;
        const r = rand();
        if (r < 0.06) continue;
        grades.push({ user_id: student, activity_id: activity.id, qualification: r < 0.18 ? null : grade() });
      }
    }
    await insertInChunks(c.database.db, 'user_groups', memberships);
    await insertInChunks(c.database.db, 'user_generations', links);
    await insertInChunks(
      c.database.db,
      'user_activities',
      grades.map((g) => ({ ...g, updated_by: null, updated_at: now })),
    );
  });

  const activityById = () => new Map(activities.map((a) => [a.id, a]));

  function expectedRatings(filter: RatingFilter): AttributeRating[] {
    const byId = activityById();
    const groupsOf = new Map<
      string,
      {
        user_id: number;
        attribute_id: number;
        subject_id: number;
        items: Array<{ value: number | null; weight: number }>;
      }
    >();
    for (const g of grades) {
      const activity = byId.get(g.activity_id)!;
      const ps = assignments.get(activity.ps)!;
      if (filter.userIds && !filter.userIds.includes(g.user_id)) continue;
      if (filter.subjectId !== undefined && ps.subject !== filter.subjectId) continue;
      if (filter.groupId !== undefined && ps.group !== filter.groupId) continue;
      if (filter.periodId !== undefined && ps.period !== filter.periodId) continue;
      if (filter.generationId !== undefined && generationOf.get(g.user_id) !== filter.generationId) continue;
      for (const attribute_id of activity.attributes) {
        if (filter.attributeId !== undefined && attribute_id !== filter.attributeId) continue;
        const key = `${g.user_id}:${attribute_id}:${ps.subject}`;
        const entry = groupsOf.get(key) ?? { user_id: g.user_id, attribute_id, subject_id: ps.subject, items: [] };
        entry.items.push({ value: g.qualification, weight: activity.ponderation });
        groupsOf.set(key, entry);
      }
    }
    const out: AttributeRating[] = [];
    for (const e of groupsOf.values()) {
      const rating = weightedMean(e.items);
      if (rating !== null)
        out.push({ user_id: e.user_id, attribute_id: e.attribute_id, subject_id: e.subject_id, rating });
    }
    return out.sort((a, b) => a.user_id - b.user_id || a.subject_id - b.subject_id || a.attribute_id - b.attribute_id);
  }

  it('computes every final grade as the domain does', async () => {
    const byId = activityById();
    const items = new Map<string, Array<{ value: number | null; weight: number }>>();
    for (const g of grades) {
      const key = `${g.user_id}:${byId.get(g.activity_id)!.ps}`;
      items.set(key, [
        ...(items.get(key) ?? []),
        { value: g.qualification, weight: byId.get(g.activity_id)!.ponderation },
      ]);
    }
    const rows = await selectFinalGrades(own().database.db, { professorSubjectIds: [...assignments.keys()] }).execute();
    expect(rows).toHaveLength(items.size);
    // Where rounding the floating-point mean would have answered another tenth: the data set must reach those.
    let traps = 0;
    for (const row of rows) {
      const list = items.get(`${row.user_id}:${row.professor_subject_id}`)!;
      const expected = weightedMean(list);
      expect(row.final_grade, `student ${row.user_id}, assignment ${row.professor_subject_id}`).toBe(expected);
      expect(row.final_tenths).toBe(expected === null ? null : Math.round(expected * 10));
      const graded = list.filter((i) => i.value !== null && i.weight > 0);
      const weights = graded.reduce((s, i) => s + i.weight, 0);
      const naive =
        weights > 0 ? Math.round((graded.reduce((s, i) => s + i.value! * i.weight, 0) / weights) * 10) / 10 : null;
      if (naive !== expected) traps += 1;
    }
    expect(rows.filter((r) => r.final_grade === null).length).toBeGreaterThan(0);
    expect(traps).toBeGreaterThan(0);

    const one = [...assignments.keys()][0]!;
    const group = await listFinalGrades(own().database.db, one);
    expect(group.length).toBeGreaterThan(20);
    for (const row of group) expect(row.final_grade).toBe(weightedMean(items.get(`${row.user_id}:${one}`)!));
  });

  it('agrees, sheet by sheet, with the rules the grade grid computes live (finalGrade, attributeRating)', async () => {
    const db = own().database.db;
    const bySheet = new Map<number, Activity[]>();
    for (const a of activities) bySheet.set(a.ps, [...(bySheet.get(a.ps) ?? []), a]);
    const gradeOf = new Map(grades.map((g) => [`${g.user_id}:${g.activity_id}`, g.qualification]));
    let checked = 0;
    for (const [psId, list] of [...bySheet].slice(0, 20)) {
      const ps = assignments.get(psId)!;
      const sheet = list.map((a) => ({ id: a.id, ponderation: a.ponderation, attribute_ids: a.attributes }));
      for (const row of await listFinalGrades(db, psId)) {
        expect(row.final_grade).toBe(finalGrade(sheet, (id) => gradeOf.get(`${row.user_id}:${id}`)));
        checked += 1;
      }
      const rated = await listAttributeRatings(db, { subjectId: ps.subject, groupId: ps.group, periodId: ps.period });
      for (const r of rated) {
        expect(r.rating).toBe(attributeRating(r.attribute_id, sheet, (id) => gradeOf.get(`${r.user_id}:${id}`)));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('computes every attribute rating as the domain does, under each filter', async () => {
    const db = own().database.db;
    const filters: RatingFilter[] = [
      {},
      { generationId: generations[0]! },
      { periodId: periods[1]! },
      { groupId: groups[2]! },
      { subjectId: subjects[3]! },
      { attributeId: attributes[4]! },
      { userIds: students.slice(0, 25) },
      { generationId: generations[1]!, periodId: periods[0]!, attributeId: attributes[0]! },
      { generationId: generations[2]!, subjectId: subjects[0]!, groupId: groups[0]! },
    ];
    const all = await listAttributeRatings(db, {});
    expect(all.length).toBeGreaterThan(2000);
    for (const filter of filters) {
      expect(await listAttributeRatings(db, filter), JSON.stringify(filter)).toEqual(expectedRatings(filter));
    }
  });

  it('splits a student list longer than the bind limit and answers in the same order', async () => {
    const db = own().database.db;
    const many = [...Array.from({ length: 12_000 }, (_, i) => 1_000_000 + i), ...students].reverse();
    expect(await listAttributeRatings(db, { userIds: many })).toEqual(await listAttributeRatings(db, {}));
    expect(await listGlobalAttributeAverages(db, { userIds: many })).toEqual(await listGlobalAttributeAverages(db, {}));
    await expect(countAttributeBands(db, { userIds: many })).rejects.toThrow(/at most/);
  });

  it('counts bands and averages ratings as the domain does', async () => {
    const db = own().database.db;
    for (const filter of [
      {},
      { generationId: generations[1]! },
      { periodId: periods[2]!, attributeId: attributes[1]! },
    ] as RatingFilter[]) {
      const ratings = expectedRatings(filter);
      const bands = new Map<number, AttributeBandCount>();
      const studentsOf = new Map<number, Set<number>>();
      for (const r of ratings) {
        const b = bands.get(r.attribute_id) ?? {
          attribute_id: r.attribute_id,
          records: 0,
          students: 0,
          sobresaliente: 0,
          suficiente: 0,
          insuficiente: 0,
        };
        b.records += 1;
        const band = gradeBand(r.rating);
        if (band === 'Sobresaliente') b.sobresaliente += 1;
        else if (band === 'Suficiente') b.suficiente += 1;
        else b.insuficiente += 1;
        studentsOf.set(r.attribute_id, (studentsOf.get(r.attribute_id) ?? new Set()).add(r.user_id));
        b.students = studentsOf.get(r.attribute_id)!.size;
        bands.set(r.attribute_id, b);
      }
      expect(await countAttributeBands(db, filter), JSON.stringify(filter)).toEqual(
        [...bands.values()].sort((a, b) => a.attribute_id - b.attribute_id),
      );

      const perStudent = new Map<string, { user_id: number; attribute_id: number; values: number[] }>();
      for (const r of ratings) {
        const key = `${r.user_id}:${r.attribute_id}`;
        const e = perStudent.get(key) ?? { user_id: r.user_id, attribute_id: r.attribute_id, values: [] };
        e.values.push(r.rating);
        perStudent.set(key, e);
      }
      const expected: GlobalAttributeAverage[] = [...perStudent.values()]
        .map((e) => ({
          user_id: e.user_id,
          attribute_id: e.attribute_id,
          average: averageRatings(e.values)!,
          subjects: e.values.length,
        }))
        .sort((a, b) => a.user_id - b.user_id || a.attribute_id - b.attribute_id);
      expect(await listGlobalAttributeAverages(db, filter), JSON.stringify(filter)).toEqual(expected);
    }
  });
});
