import { beforeAll, describe, expect, it } from 'vitest';
import { PERFORMANCE_DEFINITIONS, PERFORMANCE_MSG, ROLE, type PerformanceAnswer } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import { readFirstSheet } from '../../lib/xlsx.js';
import {
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeGeneration,
  makePeriod,
  makeSubject,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();

/*
 * Hand-computed cohort: career C, generation G (2030-08-01 to 2035-02-01). Periods P0 (before G), P1 2030-08-10,
 * P2 2031-01-20, P3 2031-08-10 (active), P4 2032-01-20 (after the active one): the indices cover P1-P3.
 * - Ana: Activo throughout; finals S1/P1 80, S2/P2 65, S3/P2 90.
 * - Beto: Activo, no final at all.
 * - Ciro: left (Baja 2030-10-01, in P1) and came back (Activo 2031-03-01, in P2); finals S1/P1 50, S3/P2 75.
 * - Dora: Graduado 2031-09-01 (in P3), within the nine semesters.
 * - Eli: Baja before the history began (no recorded change).
 * - Otto (another generation) and Dan (another career) have failing finals that are not counted.
 * Students at the start: P1 4 (Eli is Baja), P2 3 (Ciro is out), P3 4 (Ciro is back). Dropouts: P1 1 (25.0 %).
 * Failures: P1 S1 1 of 2 (50.0 %); P2 S2 1 of 1 (100.0 %), S3 0 of 2 (nobody failed). Terminal efficiency 1 of 5.
 */
let admin: TestUser;
let chief: TestUser;
let otherChief: TestUser;
let teacher: TestUser;
const ids = { c: 0, g: 0, a1: 0, s1: 0, s2: 0, s3: 0, p1: 0, p2: 0, p3: 0 };

beforeAll(async () => {
  const c = ctx();
  const db = c.database.db;
  const now = nowIso();
  admin = await createUser(c, ROLE.ADMIN);
  chief = await createUser(c, ROLE.CHIEF);
  otherChief = await createUser(c, ROLE.CHIEF);
  teacher = await createUser(c, ROLE.TEACHER);
  ids.c = (await makeCareer(c)).id;
  const d = (await makeCareer(c)).id;
  await db
    .insertInto('user_careers')
    .values([
      { user_id: chief.id, career_id: ids.c },
      { user_id: otherChief.id, career_id: d },
    ])
    .execute();
  ids.g = (await makeGeneration(c, '2030-08-01', '2035-02-01')).id;
  const g2 = (await makeGeneration(c, '2031-08-01')).id;
  ids.a1 = (await makeAttribute(c, { attribute_name: 'Análisis', career_id: ids.c })).id;
  ids.s1 = (await makeSubject(c, { subject_name: 'Programación', careers: [ids.c] })).id;
  ids.s2 = (await makeSubject(c, { subject_name: 'Bases de datos', careers: [ids.c] })).id;
  ids.s3 = (await makeSubject(c, { subject_name: 'Álgebra', careers: [ids.c] })).id;
  await db
    .insertInto('subject_attributes')
    .values({ subject_id: ids.s2, attribute_id: ids.a1, knowledge_level: 'M' })
    .execute();
  await makePeriod(c, { period_name: 'ENE-JUN 2030', start_date: '2030-01-20', end_date: '2030-06-10' });
  ids.p1 = (await makePeriod(c, { period_name: 'AGO-DIC 2030', start_date: '2030-08-10', end_date: '2030-12-10' })).id;
  ids.p2 = (await makePeriod(c, { period_name: 'ENE-JUN 2031', start_date: '2031-01-20', end_date: '2031-06-10' })).id;
  ids.p3 = (
    await makePeriod(c, { period_name: 'AGO-DIC 2031', start_date: '2031-08-10', end_date: '2031-12-10', is_active: 1 })
  ).id;
  await makePeriod(c, { period_name: 'ENE-JUN 2032', start_date: '2032-01-20', end_date: '2032-06-10' });

  const enrol = async (name: string, generation: number, career: number, active = 1) => {
    const u = await createUser(c, ROLE.STUDENT, { full_name: name });
    await db
      .insertInto('user_generations')
      .values({
        user_id: u.id,
        generation_id: generation,
        current_semester_id: 3,
        active,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.insertInto('user_careers').values({ user_id: u.id, career_id: career }).execute();
    return u.id;
  };
  const ana = await enrol('Ana', ids.g, ids.c);
  await enrol('Beto', ids.g, ids.c);
  const ciro = await enrol('Ciro', ids.g, ids.c);
  const dora = await enrol('Dora', ids.g, ids.c);
  const eli = await enrol('Eli', ids.g, ids.c, 0);
  const otto = await enrol('Otto', g2, ids.c);
  const dan = await enrol('Dan', ids.g, d);

  // The history as it was recorded then: the status writes go through the triggers, their instants are then set.
  const setStatus = (userId: number, active: number) =>
    db.updateTable('user_generations').set({ active }).where('user_id', '=', userId).execute();
  await db.deleteFrom('status_changes').where('user_id', '=', eli).execute();
  await setStatus(ciro, 0);
  await setStatus(ciro, 1);
  await setStatus(dora, 2);
  const recorded = await db.selectFrom('status_changes').select(['id', 'user_id']).orderBy('id').execute();
  const when: Array<[string, number]> = [
    ['2030-10-01T15:00:00.000Z', ids.p1],
    ['2031-03-01T15:00:00.000Z', ids.p2],
    ['2031-09-01T15:00:00.000Z', ids.p3],
  ];
  for (const [i, r] of recorded.entries()) {
    await db
      .updateTable('status_changes')
      .set({ changed_at: when[i]![0], period_id: when[i]![1] })
      .where('id', '=', r.id)
      .execute();
  }

  const final = async (
    subjectId: number,
    periodId: number,
    grades: Array<[number, number]>,
    attributes: number[] = [],
  ) => {
    const ps = await makeAssignment(c, { subject_id: subjectId, period_id: periodId, user_id: teacher.id });
    const act = await makeActivity(c, ps.id, attributes);
    await db
      .insertInto('user_activities')
      .values(
        grades.map(([user_id, qualification]) => ({
          user_id,
          activity_id: act.id,
          qualification,
          updated_by: null,
          updated_at: now,
        })),
      )
      .execute();
  };
  await final(ids.s1, ids.p1, [
    [ana, 80],
    [ciro, 50],
    [otto, 40],
    [dan, 30],
  ]);
  await final(
    ids.s2,
    ids.p2,
    [
      [ana, 65],
      [dan, 10],
    ],
    [ids.a1],
  );
  await final(ids.s3, ids.p2, [
    [ana, 90],
    [ciro, 75],
  ]);
});

const URL = '/api/reportes/rendimiento';
const indices = async (user: TestUser = chief) => {
  const res = await as(ctx(), user, { method: 'GET', url: `${URL}?career_id=${ids.c}&generation_id=${ids.g}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PerformanceAnswer;
};

describe('GET /api/reportes/rendimiento', () => {
  it('counts the students at the start of each period from the status history, and the dropouts of each', async () => {
    const r = await indices();
    expect(r.starting_size).toBe(5);
    expect(r.generation.generation_name).toBe('2030-2035');
    expect(r.periods.map((p) => [p.period_name, p.students_at_start, p.dropouts, p.dropout_rate, p.graduated])).toEqual(
      [
        ['AGO-DIC 2030', 4, 1, 25, 0],
        ['ENE-JUN 2031', 3, 0, 0, 0],
        ['AGO-DIC 2031', 4, 0, 0, 1],
      ],
    );
    expect(r.terminal_efficiency).toEqual({ graduated: 1, starting_size: 5, rate: 20 });
    expect(r.definitions).toEqual([...PERFORMANCE_DEFINITIONS]);
  });

  it('rates failures per subject among the students with a final, highest first, and links the worst to their attributes', async () => {
    const [p1, p2, p3] = (await indices()).periods;
    const row = (s: { subject_name: string; students_with_final: number; failed: number; failure_rate: number }) => [
      s.subject_name,
      s.students_with_final,
      s.failed,
      s.failure_rate,
    ];
    expect(p1!.subjects.map(row)).toEqual([['Programación', 2, 1, 50]]);
    expect(p2!.subjects.map(row)).toEqual([
      ['Bases de datos', 1, 1, 100],
      ['Álgebra', 2, 0, 0],
    ]);
    expect(p3!.subjects).toEqual([]);
    // Álgebra: nobody failed, so it is not among the worst.
    expect(p2!.top_failures.map((s) => s.subject_name)).toEqual(['Bases de datos']);
    // Ana's 65 is the cohort's only rating of Análisis in ENE-JUN 2031: none at Suficiente or above.
    expect(p2!.top_failures[0]!.attributes).toEqual([
      { attribute_id: ids.a1, attribute_name: 'Análisis', codigo: null, share: 0, met: false },
    ]);
    expect(p1!.top_failures[0]!.attributes).toEqual([]);
  });

  it('exports the indices with their definitions', async () => {
    const res = await as(ctx(), chief, {
      method: 'GET',
      url: `${URL}/export?career_id=${ids.c}&generation_id=${ids.g}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('rendimiento_2030-2035.xlsx');
    const rows = (await readFirstSheet(res.rawPayload))!;
    expect(rows).toEqual([
      ['Periodo', 'Alumnos al inicio', 'Bajas en el periodo', 'Deserción (%)', 'Graduados acumulados'],
      ['AGO-DIC 2030', 4, 1, 25, 0],
      ['ENE-JUN 2031', 3, 0, 0, 0],
      ['AGO-DIC 2031', 4, 0, 0, 1],
    ]);
  });

  it("refuses other careers' chiefs, teachers and unknown generations", async () => {
    expect((await indices(admin)).starting_size).toBe(5);
    const foreign = await as(ctx(), otherChief, {
      method: 'GET',
      url: `${URL}?career_id=${ids.c}&generation_id=${ids.g}`,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(PERFORMANCE_MSG.notYourCareer);
    expect(
      (await as(ctx(), teacher, { method: 'GET', url: `${URL}?career_id=${ids.c}&generation_id=${ids.g}` })).statusCode,
    ).toBe(403);
    const missing = await as(ctx(), chief, { method: 'GET', url: `${URL}?career_id=${ids.c}&generation_id=999999` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.generation_id).toEqual([PERFORMANCE_MSG.generationMissing]);
  });
});
