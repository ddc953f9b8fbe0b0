import { beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MSG, ROLE, percent, type CurriculumMapAnswer, type EvidenceAnswer } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
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
 * Hand-computed cohort. Career C has attributes A1 'Análisis', A2 'Diseño' and A3 'Ética' (no data); career D has X.
 * S1 (semester 1; A1 at I, A2 at M) is taught in P1: act1 weighs 60 (A1, A2), act2 weighs 40 (A1), act4 (A1) has no
 * grade. S2 (semester 2; A1 at A) is taught in P2: act3 weighs 100 (A1). S3 belongs to C with no semester and no level.
 * - Hugo (C, G): 95, 80, 65 → A1: S1 89.0 Suficiente, S2 65.0 Insuficiente, mean 77.0 Suficiente; A2: S1 95.0 Sobresaliente.
 * - Mara (C, G): 50, 60, 90 → A1: S1 54.0 Insuficiente, S2 90.0 Sobresaliente, mean 72.0 Suficiente; A2: S1 50.0 Insuficiente.
 * - Iris (C, G): no grade (in the cohort, without data).
 * - Dante (career D, G) and Otto (C, another generation): graded, never counted.
 */
let admin: TestUser;
let chief: TestUser;
let otherChief: TestUser;
let teacher: TestUser;
let student: TestUser;
const ids = {
  c: 0,
  d: 0,
  g: 0,
  g2: 0,
  a1: 0,
  a2: 0,
  a3: 0,
  x: 0,
  s1: 0,
  s2: 0,
  s3: 0,
  p1: 0,
  p2: 0,
  act1: 0,
  act2: 0,
  act3: 0,
  act4: 0,
};

beforeAll(async () => {
  const c = ctx();
  const db = c.database.db;
  const now = nowIso();
  admin = await createUser(c, ROLE.ADMIN);
  chief = await createUser(c, ROLE.CHIEF);
  otherChief = await createUser(c, ROLE.CHIEF);
  teacher = await createUser(c, ROLE.TEACHER, { full_name: 'Profesora Elena Ruiz' });
  student = await createUser(c, ROLE.STUDENT);
  ids.c = (await makeCareer(c, { name: 'Ingeniería en Sistemas' })).id;
  ids.d = (await makeCareer(c, { name: 'Ingeniería Civil' })).id;
  await db
    .insertInto('user_careers')
    .values([
      { user_id: chief.id, career_id: ids.c },
      { user_id: otherChief.id, career_id: ids.d },
    ])
    .execute();
  ids.g = (await makeGeneration(c, '2030-08-01')).id;
  ids.g2 = (await makeGeneration(c, '2031-08-01')).id;
  ids.a1 = (await makeAttribute(c, { attribute_name: 'Análisis', career_id: ids.c })).id;
  ids.a2 = (await makeAttribute(c, { attribute_name: 'Diseño', career_id: ids.c })).id;
  ids.a3 = (await makeAttribute(c, { attribute_name: 'Ética', career_id: ids.c })).id;
  ids.x = (await makeAttribute(c, { attribute_name: 'Análisis', career_id: ids.d })).id;
  ids.s1 = (await makeSubject(c, { subject_name: 'Programación', semesters: [1], careers: [ids.c] })).id;
  ids.s2 = (await makeSubject(c, { subject_name: 'Bases de datos', semesters: [2, 3], careers: [ids.c] })).id;
  ids.s3 = (await makeSubject(c, { subject_name: 'Álgebra', semesters: [], careers: [ids.c] })).id;
  await db
    .insertInto('subject_attributes')
    .values([
      { subject_id: ids.s1, attribute_id: ids.a1, knowledge_level: 'I' },
      { subject_id: ids.s1, attribute_id: ids.a2, knowledge_level: 'M' },
      { subject_id: ids.s2, attribute_id: ids.a1, knowledge_level: 'A' },
    ])
    .execute();
  ids.p1 = (await makePeriod(c, { period_name: 'ENE-JUN 2031', start_date: '2031-01-20', end_date: '2031-06-10' })).id;
  ids.p2 = (
    await makePeriod(c, { period_name: 'AGO-DIC 2031', start_date: '2031-08-10', end_date: '2031-12-10', is_active: 1 })
  ).id;
  const ps1 = await makeAssignment(c, { subject_id: ids.s1, period_id: ids.p1, user_id: teacher.id });
  const ps2 = await makeAssignment(c, { subject_id: ids.s2, period_id: ids.p2, user_id: teacher.id });
  ids.act1 = (await makeActivity(c, ps1.id, [ids.a1, ids.a2])).id;
  ids.act2 = (await makeActivity(c, ps1.id, [ids.a1])).id;
  ids.act3 = (await makeActivity(c, ps2.id, [ids.a1])).id;
  ids.act4 = (await makeActivity(c, ps1.id, [ids.a1])).id;
  await db.updateTable('activities').set({ ponderation: 60 }).where('id', '=', ids.act1).execute();
  await db.updateTable('activities').set({ ponderation: 40 }).where('id', '=', ids.act2).execute();

  const enrol = async (name: string, gender: number, generation: number, career: number) => {
    const u = await createUser(c, ROLE.STUDENT, { full_name: name, gender });
    await db
      .insertInto('user_generations')
      .values({
        user_id: u.id,
        generation_id: generation,
        current_semester_id: 3,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.insertInto('user_careers').values({ user_id: u.id, career_id: career }).execute();
    return u.id;
  };
  const hugo = await enrol('Hugo', 1, ids.g, ids.c);
  const mara = await enrol('Mara', 2, ids.g, ids.c);
  await enrol('Iris', 2, ids.g, ids.c);
  const dante = await enrol('Dante', 1, ids.g, ids.d);
  const otto = await enrol('Otto', 1, ids.g2, ids.c);
  const grade = (user_id: number, activity_id: number, qualification: number) => ({
    user_id,
    activity_id,
    qualification,
    updated_by: null,
    updated_at: now,
  });
  await db
    .insertInto('user_activities')
    .values([
      grade(hugo, ids.act1, 95),
      grade(hugo, ids.act2, 80),
      grade(hugo, ids.act3, 65),
      grade(mara, ids.act1, 50),
      grade(mara, ids.act2, 60),
      grade(mara, ids.act3, 90),
      grade(dante, ids.act1, 10),
      grade(dante, ids.act3, 10),
      grade(otto, ids.act1, 0),
      grade(otto, ids.act2, 0),
    ])
    .execute();
});

const get = (url: string, user: TestUser = chief) => as(ctx(), user, { method: 'GET', url });
const evidence = async (user: TestUser = chief) => {
  const res = await get(`/api/reportes/evidencia?career_id=${ids.c}&generation_id=${ids.g}`, user);
  expect(res.statusCode).toBe(200);
  return res.json() as EvidenceAnswer;
};
const bands = (total: number, sob: number, suf: number, ins: number) => ({
  total,
  sobresaliente: sob,
  suficiente: suf,
  insuficiente: ins,
  sobresaliente_pct: percent(sob, total),
  suficiente_pct: percent(suf, total),
  insuficiente_pct: percent(ins, total),
});

describe('GET /api/reportes/evidencia', () => {
  it("counts the cohort per attribute by the band of each student's mean rating, against the default target", async () => {
    const e = await evidence();
    expect(e.career.name).toBe('Ingeniería en Sistemas');
    expect(e.generation.generation_name).toBe('2030-2034');
    expect(e.cohort_size).toBe(3);
    expect(e.institution).toBeTruthy();
    expect(e.periods.map((p) => p.period_name)).toEqual(['ENE-JUN 2031', 'AGO-DIC 2031']);
    expect(e.target_period?.period_id).toBe(ids.p2);
    expect(e.attributes.map((a) => a.attribute_name)).toEqual(['Análisis', 'Diseño', 'Ética']);
    const [a1, a2, a3] = e.attributes;
    // A1: Hugo 77.0 and Mara 72.0, both Suficiente.
    expect(a1!.students).toEqual(bands(2, 0, 2, 0));
    expect(a1!.verdict).toEqual({ share: 100, target: 70, met: true, critical: false });
    // A2: Hugo 95.0 Sobresaliente, Mara 50.0 Insuficiente: half Insuficiente is critical, 50 % misses 70 %.
    expect(a2!.students).toEqual(bands(2, 1, 0, 1));
    expect(a2!.verdict).toEqual({ share: 50, target: 70, met: false, critical: true });
    // A3: no data at all.
    expect(a3!.students).toEqual(bands(0, 0, 0, 0));
    expect(a3!.verdict).toEqual({ share: 0, target: 70, met: null, critical: false });
    expect(a3!.trend).toEqual([]);
    expect(a3!.subjects).toEqual([]);
  });

  it("follows each attribute over the generation's periods", async () => {
    const [a1, a2] = (await evidence()).attributes;
    expect(a1!.trend.map((t) => [t.period_name, t.students, t.verdict.share, t.verdict.critical])).toEqual([
      ['ENE-JUN 2031', bands(2, 0, 1, 1), 50, true],
      ['AGO-DIC 2031', bands(2, 1, 0, 1), 50, true],
    ]);
    expect(a2!.trend.map((t) => [t.period_id, t.students])).toEqual([[ids.p1, bands(2, 1, 0, 1)]]);
  });

  it("names the subjects and activities behind the numbers, with each subject's records by band and their totals", async () => {
    const [a1, a2] = (await evidence()).attributes;
    expect(a1!.subjects.map((s) => [s.subject_name, s.knowledge_level, s.records])).toEqual([
      ['Bases de datos', 'A', bands(2, 1, 0, 1)],
      ['Programación', 'I', bands(2, 0, 1, 1)],
    ]);
    expect(a1!.records).toEqual(bands(4, 1, 1, 2));
    expect(a1!.records.insuficiente_pct).toBe(50);
    const programming = a1!.subjects[1]!;
    // act4 has no grade: it produced nothing and is not listed.
    expect(programming.activities.map((a) => [a.activity_id, a.ponderation, a.period_name, a.teacher_name])).toEqual(
      expect.arrayContaining([
        [ids.act1, 60, 'ENE-JUN 2031', 'Profesora Elena Ruiz'],
        [ids.act2, 40, 'ENE-JUN 2031', 'Profesora Elena Ruiz'],
      ]),
    );
    expect(programming.activities).toHaveLength(2);
    expect(a1!.subjects[0]!.activities.map((a) => a.activity_id)).toEqual([ids.act3]);
    expect(
      a2!.subjects.map((s) => [
        s.subject_name,
        s.knowledge_level,
        s.records.total,
        s.activities.map((a) => a.activity_id),
      ]),
    ).toEqual([['Programación', 'M', 2, [ids.act1]]]);
  });

  it('judges each period by the target in force then, so a later change does not rewrite an earlier verdict', async () => {
    const put = (period_id: number, target: number) =>
      as(ctx(), chief, {
        method: 'PUT',
        url: '/api/reportes/metas',
        payload: { career_id: ids.c, period_id, targets: [{ attribute_id: ids.a1, target }] },
      });
    expect((await put(ids.p1, 40)).statusCode).toBe(200);
    let a1 = (await evidence()).attributes[0]!;
    // P1's 40 % also governs P2 until P2 has its own.
    expect(a1.trend.map((t) => [t.verdict.target, t.verdict.met])).toEqual([
      [40, true],
      [40, true],
    ]);
    expect((await put(ids.p2, 60)).statusCode).toBe(200);
    a1 = (await evidence()).attributes[0]!;
    expect(a1.trend.map((t) => [t.verdict.target, t.verdict.met])).toEqual([
      [40, true],
      [60, false],
    ]);
    // The whole cohort is judged by the latest period's target.
    expect(a1.verdict).toEqual({ share: 100, target: 60, met: true, critical: false });
    expect((await put(ids.p2, 100)).statusCode).toBe(200);
    expect((await evidence()).attributes[0]!.verdict.met).toBe(true);
  });

  it("lets administrators and the career's chiefs read it, and refuses other roles and careers", async () => {
    expect((await evidence(admin)).cohort_size).toBe(3);
    const foreign = await get(`/api/reportes/evidencia?career_id=${ids.c}&generation_id=${ids.g}`, otherChief);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(EVIDENCE_MSG.notYourCareer);
    for (const user of [teacher, student]) {
      expect((await get(`/api/reportes/evidencia?career_id=${ids.c}&generation_id=${ids.g}`, user)).statusCode).toBe(
        403,
      );
    }
    expect(
      (
        await ctx().app.inject({
          method: 'GET',
          url: `/api/reportes/evidencia?career_id=${ids.c}&generation_id=${ids.g}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses missing, malformed and unknown filters with 422 on the field', async () => {
    const missing = await get('/api/reportes/evidencia');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      career_id: [EVIDENCE_MSG.careerRequired],
      generation_id: [EVIDENCE_MSG.generationRequired],
    });
    const bad = await get(`/api/reportes/evidencia?career_id=abc&generation_id=${ids.g}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.career_id).toEqual([EVIDENCE_MSG.careerRequired]);
    const unknownCareer = await get(`/api/reportes/evidencia?career_id=999999&generation_id=${ids.g}`, admin);
    expect(unknownCareer.statusCode).toBe(422);
    expect(unknownCareer.json().errors.career_id).toEqual([EVIDENCE_MSG.careerMissing]);
    const unknownGeneration = await get(`/api/reportes/evidencia?career_id=${ids.c}&generation_id=999999`);
    expect(unknownGeneration.statusCode).toBe(422);
    expect(unknownGeneration.json().errors.generation_id).toEqual([EVIDENCE_MSG.generationMissing]);
  });

  it('answers an empty cohort with every attribute and no data', async () => {
    const res = await get(`/api/reportes/evidencia?career_id=${ids.d}&generation_id=${ids.g2}`, otherChief);
    expect(res.statusCode).toBe(200);
    const e = res.json() as EvidenceAnswer;
    expect(e.cohort_size).toBe(0);
    expect(e.periods).toEqual([]);
    // Without ratings the active period's targets apply.
    expect(e.target_period?.period_id).toBe(ids.p2);
    expect(e.attributes.map((a) => [a.attribute_id, a.students.total, a.verdict.met])).toEqual([[ids.x, 0, null]]);
  });
});

describe('GET /api/reportes/mapa-curricular', () => {
  const map = async (qs: string, user: TestUser = chief) => {
    const res = await get(`/api/reportes/mapa-curricular?${qs}`, user);
    expect(res.statusCode).toBe(200);
    return res.json() as CurriculumMapAnswer;
  };

  it("lays out the career's subjects by semester with their levels, and flags the levels no subject reaches", async () => {
    const m = await map(`career_id=${ids.c}`);
    expect(m.subjects.map((s) => [s.subject_name, s.semester, s.levels])).toEqual([
      [
        'Programación',
        1,
        [
          { attribute_id: ids.a1, knowledge_level: 'I' },
          { attribute_id: ids.a2, knowledge_level: 'M' },
        ],
      ],
      ['Bases de datos', 2, [{ attribute_id: ids.a1, knowledge_level: 'A' }]],
      ['Álgebra', null, []],
    ]);
    expect(m.attributes.map((a) => [a.attribute_name, a.levels, a.missing_levels])).toEqual([
      ['Análisis', { I: 1, M: 0, A: 1 }, ['M']],
      ['Diseño', { I: 0, M: 1, A: 0 }, ['I', 'A']],
      ['Ética', { I: 0, M: 0, A: 0 }, ['I', 'M', 'A']],
    ]);
  });

  it('counts per attribute the activities graded in the period (the active one by default)', async () => {
    const active = await map(`career_id=${ids.c}`);
    expect(active.period?.period_id).toBe(ids.p2);
    expect(active.attributes.map((a) => a.graded_activities)).toEqual([1, 0, 0]);
    const first = await map(`career_id=${ids.c}&period_id=${ids.p1}`);
    // act4 is linked to Análisis but has no grade.
    expect(first.attributes.map((a) => a.graded_activities)).toEqual([2, 1, 0]);
  });

  it('refuses unknown careers and periods, foreign chiefs and other roles', async () => {
    const period = await get(`/api/reportes/mapa-curricular?career_id=${ids.c}&period_id=999999`);
    expect(period.statusCode).toBe(422);
    expect(period.json().errors.period_id).toEqual([EVIDENCE_MSG.periodMissing]);
    const career = await get('/api/reportes/mapa-curricular?career_id=999999', admin);
    expect(career.statusCode).toBe(422);
    expect(career.json().errors.career_id).toEqual([EVIDENCE_MSG.careerMissing]);
    expect((await get(`/api/reportes/mapa-curricular?career_id=${ids.c}`, otherChief)).statusCode).toBe(403);
    expect((await get(`/api/reportes/mapa-curricular?career_id=${ids.c}`, teacher)).statusCode).toBe(403);
    expect((await map(`career_id=${ids.c}`, admin)).subjects).toHaveLength(3);
  });
});
