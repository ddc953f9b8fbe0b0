import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  PERFORMANCE_DEFINITIONS,
  PERFORMANCE_MSG,
  ROLE,
  verdict,
  type EvidenceAnswer,
  type PerformanceAnswer,
} from '@egreso/domain';
import { institutionToday, nowIso } from '../../lib/time.js';
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
import { buildPerformance, buildPerformanceWorkbook } from './performance.service.js';

const ctx = useTestApp();

/*
 * Hand-computed cohort: career C, generation G (2030-08-01 to 2035-02-01). Periods P0 (before G), P1 2030-08-10,
 * P2 2031-01-20, P3 2031-08-10 (active), P4 2032-01-20 (after the active one): the indices cover P1-P3.
 * - Ana: Activo throughout; finals S1/P1 80, S2/P2 65, S3/P2 90.
 * - Beto: Activo, no final at all.
 * - Ciro: left (Baja 2030-10-01, in P1) and came back (Activo 2031-03-01, in P2); finals S1/P1 50, S3/P2 75.
 * - Dora: Graduado 2031-09-01 (in P3), within the nine semesters.
 * - Eli: Baja before the history began (no recorded change).
 * - Fede: set to Baja (2031-09-05) and back to Activo (2031-10-01) within P3: no dropout.
 * - Otto (another generation) and Dan (another career) have failing finals that are not counted.
 * Students at the start: P1 5 (Eli is Baja), P2 4 (Ciro is out), P3 5 (Ciro is back). At the end: P1 4, P2 5 (Ciro
 * came back: P2 does not balance), P3 4 (Dora graduated). Dropouts: P1 1 (20.0 %); graduations: P3 1.
 * Failures: P1 S1 1 of 2 (50.0 %); P2 S2 1 of 1 (100.0 %), S3 and S4 0 of 2 (nobody failed). Terminal efficiency 1
 * of 6. Análisis in P2: Bases de datos (Ana 65) 0 of 1 at Suficiente or above; Redes (Ana 95, Ciro 75) 2 of 2; the
 * period's share, per student over both subjects, is 2 of 2.
 */
let admin: TestUser;
let chief: TestUser;
let otherChief: TestUser;
let teacher: TestUser;
const ids = { c: 0, g: 0, a1: 0, s1: 0, s2: 0, s3: 0, s4: 0, p1: 0, p2: 0, p3: 0 };

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
  ids.s4 = (await makeSubject(c, { subject_name: 'Redes', careers: [ids.c] })).id;
  await db
    .insertInto('subject_attributes')
    .values([
      { subject_id: ids.s2, attribute_id: ids.a1, knowledge_level: 'M' },
      { subject_id: ids.s4, attribute_id: ids.a1, knowledge_level: 'A' },
    ])
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
  const fede = await enrol('Fede', ids.g, ids.c);
  const otto = await enrol('Otto', g2, ids.c);
  const dan = await enrol('Dan', ids.g, d);

  // The history as it was recorded then: the status writes go through the triggers, their instants are then set.
  const setStatus = (userId: number, active: number) =>
    db.updateTable('user_generations').set({ active }).where('user_id', '=', userId).execute();
  await db.deleteFrom('status_changes').where('user_id', '=', eli).execute();
  await setStatus(ciro, 0);
  await setStatus(ciro, 1);
  await setStatus(dora, 2);
  await setStatus(fede, 0);
  await setStatus(fede, 1);
  const recorded = await db.selectFrom('status_changes').select(['id', 'user_id']).orderBy('id').execute();
  const when: Array<[string, number]> = [
    ['2030-10-01T15:00:00.000Z', ids.p1],
    ['2031-03-01T15:00:00.000Z', ids.p2],
    ['2031-09-01T15:00:00.000Z', ids.p3],
    ['2031-09-05T15:00:00.000Z', ids.p3],
    ['2031-10-01T15:00:00.000Z', ids.p3],
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
  await final(
    ids.s4,
    ids.p2,
    [
      [ana, 95],
      [ciro, 75],
    ],
    [ids.a1],
  );
});

const URL = '/api/reportes/rendimiento';
const indices = async (user: TestUser = chief) => {
  const res = await as(ctx(), user, { method: 'GET', url: `${URL}?career_id=${ids.c}&generation_id=${ids.g}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PerformanceAnswer;
};

describe('GET /api/reportes/rendimiento', () => {
  it('counts each period by the status at its two ends: a Baja undone within it is no dropout', async () => {
    const r = await indices();
    expect(r.starting_size).toBe(6);
    expect(r.generation.generation_name).toBe('2030-2035');
    expect(
      r.periods.map((p) => [
        p.period_name,
        p.students_at_start,
        p.dropouts,
        p.dropout_rate,
        p.graduations,
        p.students_at_end,
        p.balanced,
      ]),
    ).toEqual([
      // Ciro left in P1 and came back in P2: a dropout of P1 only, and P2 ends with more than it started.
      ['AGO-DIC 2030', 5, 1, 20, 0, 4, true],
      ['ENE-JUN 2031', 4, 0, 0, 0, 5, false],
      // Fede's Baja was undone in P3: Activo at both ends.
      ['AGO-DIC 2031', 5, 0, 0, 1, 4, true],
    ]);
    expect(r.terminal_efficiency).toEqual({ graduated: 1, starting_size: 6, rate: 16.7 });
    expect(r.definitions).toEqual([...PERFORMANCE_DEFINITIONS]);
    expect(r.career.career_key).toBeTruthy();
    expect(r.institution).toBeTruthy();
  });

  it('balances every period when nobody comes back: at the start = dropouts + graduations + at the end', async () => {
    const db = ctx().database.db;
    // Ciro's return moved to the same period as his Baja: a Baja undone within P1, no dropout anywhere.
    const [, back] = await db
      .selectFrom('status_changes')
      .innerJoin('users', 'users.id', 'status_changes.user_id')
      .where('users.full_name', '=', 'Ciro')
      .select('status_changes.id')
      .orderBy('status_changes.id')
      .execute();
    await db
      .updateTable('status_changes')
      .set({ changed_at: '2030-11-01T15:00:00.000Z', period_id: ids.p1 })
      .where('id', '=', back!.id)
      .execute();
    try {
      const r = await indices();
      expect(r.periods.map((p) => [p.students_at_start, p.dropouts, p.graduations, p.students_at_end])).toEqual([
        [5, 0, 0, 5],
        [5, 0, 0, 5],
        [5, 0, 1, 4],
      ]);
      for (const p of r.periods) {
        expect(p.balanced).toBe(true);
        expect(p.students_at_start).toBe(p.dropouts + p.graduations + p.students_at_end);
      }
    } finally {
      await db
        .updateTable('status_changes')
        .set({ changed_at: '2031-03-01T15:00:00.000Z', period_id: ids.p2 })
        .where('id', '=', back!.id)
        .execute();
    }
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
      ['Redes', 2, 0, 0],
    ]);
    expect(p3!.subjects).toEqual([]);
    // Álgebra: nobody failed, so it is not among the worst.
    expect(p2!.top_failures.map((s) => s.subject_name)).toEqual(['Bases de datos']);
    // Bases de datos' own records of Análisis (Ana's 65): none at Suficiente or above, though the period's share of
    // Análisis (with Redes) is 100 %.
    expect(p2!.top_failures[0]!.attributes).toEqual([
      { attribute_id: ids.a1, attribute_name: 'Análisis', codigo: null, shared: false, share: 0, met: false },
    ]);
    expect(p1!.top_failures[0]!.attributes).toEqual([]);
  });

  it("shows under each subject failed most that subject's share of the attribute, the evidence's per-subject figure", async () => {
    const evidence = (
      await as(ctx(), chief, {
        method: 'GET',
        url: `/api/reportes/evidencia?career_id=${ids.c}&generation_id=${ids.g}`,
      })
    ).json() as EvidenceAnswer;
    const attribute = evidence.attributes.find((a) => a.attribute_id === ids.a1)!;
    const subject = attribute.subjects.find((s) => s.subject_id === ids.s2)!;
    const evidenceShare = verdict(subject.records, 70).share;
    const [, p2] = (await indices()).periods;
    expect(p2!.top_failures[0]!.attributes[0]!.share).toBe(evidenceShare);
    expect(evidenceShare).toBe(0);
    // The period's trend point is another figure.
    expect(attribute.trend.find((t) => t.period_id === ids.p2)!.verdict.share).toBe(100);
  });

  it("lists a failed subject's attributes by code (AE2 before AE10), those without a code last", async () => {
    const c = ctx();
    const codes: Array<[string, string]> = [
      ['AE10', 'Álgebra lineal aplicada'],
      ['AE2', 'Zeta diseño'],
    ];
    const added: number[] = [];
    for (const [codigo, attribute_name] of codes) {
      const res = await as(c, chief, {
        method: 'POST',
        url: '/api/attributes',
        payload: { attribute_name, description: 'D', codigo, career_id: ids.c },
      });
      expect(res.statusCode, res.body).toBe(201);
      added.push((res.json() as { id: number }).id);
    }
    await c.database.db
      .insertInto('subject_attributes')
      .values(added.map((attribute_id) => ({ subject_id: ids.s2, attribute_id, knowledge_level: 'M' as const })))
      .execute();
    try {
      const [, p2] = (await indices()).periods;
      // By name it would be Álgebra lineal aplicada (AE10), Análisis (no code), Zeta diseño (AE2).
      expect(p2!.top_failures[0]!.attributes.map((a) => a.codigo)).toEqual(['AE2', 'AE10', null]);
    } finally {
      await c.database.db
        .deleteFrom('subject_attributes')
        .where('subject_id', '=', ids.s2)
        .where('attribute_id', 'in', added)
        .execute();
    }
  });

  it('exports the indices with their definitions', async () => {
    const res = await as(ctx(), chief, {
      method: 'GET',
      url: `${URL}/export?career_id=${ids.c}&generation_id=${ids.g}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `rendimiento_2030-2035_${institutionToday().replaceAll('-', '')}.xlsx`,
    );
    const rows = (await readFirstSheet(res.rawPayload))!;
    expect(rows).toEqual([
      [
        'Periodo',
        'Alumnos al inicio',
        'Bajas en el periodo',
        'Deserción (%)',
        'Graduados en el periodo',
        'Alumnos al final',
      ],
      ['AGO-DIC 2030', 5, 1, 20, 0, 4],
      ['ENE-JUN 2031', 4, 0, 0, 0, 5],
      ['AGO-DIC 2031', 5, 0, 0, 1, 4],
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    for (const name of ['Indicadores', 'Reprobación']) {
      const ws = wb.getWorksheet(name)!;
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.autoFilter).toBe('A1:F1');
    }
    expect(wb.getWorksheet('Reprobación')!.getColumn(3).width).toBeGreaterThanOrEqual('Bases de datos'.length);
  });

  it("dates the file in the institution's time zone", async () => {
    const answer = await buildPerformance(ctx().database.db, { careerId: ids.c, generationId: ids.g }, 'Instituto');
    const { fileName } = await buildPerformanceWorkbook(answer, new Date('2026-11-28T01:33:00Z'));
    expect(fileName).toBe('rendimiento_2030-2035_20261127.xlsx');
  });

  it("refuses other careers' chiefs, teachers and unknown generations", async () => {
    expect((await indices(admin)).starting_size).toBe(6);
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
