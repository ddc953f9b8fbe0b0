import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG, ROLE, type DivisionSummary, type DivisionSummaryAttribute } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import {
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeChief,
  makeGeneration,
  makePeriod,
  makeSubject,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();

interface Record_ {
  attribute_id: number;
  attribute: { attribute_name: string };
  subject_id: number;
  attributerating: number;
  user: { id: number; gender: number | null };
}

/*
 * Hand-computed example. Subject 1 (period 1): activity 1 weighs 60 and counts for attributes A and B, activity 2
 * weighs 40 and counts for A. Subject 2 (period 2): activity 3 weighs 100, attribute A.
 * - Hugo (man): 95 and 80 → A in subject 1 = (95×60 + 80×40) / 100 = 89.0, B = 95.0; 65 in activity 3 → A in subject 2 = 65.0.
 * - Mara (woman): 72.25 in activity 1 only → A and B in subject 1 = 72.25 → 72.3 (half up).
 * - Iris (woman): enrolled in the generation, no grade at all (a student without data).
 * - Leo (man): activity 1 left ungraded (null): no record.
 * - Otto: graded, but in another generation: never counted.
 * - Zoe (gender unknown): in a third generation graded on a 0-10 scale: 9.5 and 8 → A = 8.9, B = 9.5.
 */
let chief: TestUser;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;
const ids = {
  career: 0,
  gen: 0,
  gen2: 0,
  gen10: 0,
  empty: 0,
  s1: 0,
  s2: 0,
  p1: 0,
  p2: 0,
  a: 0,
  b: 0,
  hugo: 0,
  mara: 0,
  iris: 0,
  leo: 0,
  otto: 0,
  zoe: 0,
};

beforeAll(async () => {
  const c = ctx();
  const db = c.database.db;
  const now = nowIso();
  admin = await createUser(c, ROLE.ADMIN);
  teacher = await createUser(c, ROLE.TEACHER);
  student = await createUser(c, ROLE.STUDENT);
  ids.gen = (await makeGeneration(c, '2031-08-01')).id;
  ids.gen2 = (await makeGeneration(c, '2032-08-01')).id;
  ids.gen10 = (await makeGeneration(c, '2033-08-01')).id;
  ids.empty = (await makeGeneration(c, '2034-08-01')).id;
  const career = await makeCareer(c, { name: 'Ingeniería Química' });
  ids.career = career.id;
  // The report is about a career: its attributes, rated for its students (DESIGN §5, the cohort evidence's rule).
  chief = await makeChief(c, [career.id]);
  ids.a = (await makeAttribute(c, { attribute_name: 'Análisis de problemas', career_id: career.id })).id;
  ids.b = (await makeAttribute(c, { attribute_name: 'Comunicación efectiva', career_id: career.id })).id;
  ids.s1 = (await makeSubject(c, { subject_name: 'Cálculo diferencial' })).id;
  ids.s2 = (await makeSubject(c, { subject_name: 'Física' })).id;
  ids.p1 = (await makePeriod(c)).id;
  ids.p2 = (await makePeriod(c)).id;
  const ps1 = await makeAssignment(c, { subject_id: ids.s1, period_id: ids.p1 });
  const ps2 = await makeAssignment(c, { subject_id: ids.s2, period_id: ids.p2 });
  const act1 = (await makeActivity(c, ps1.id, [ids.a, ids.b])).id;
  const act2 = (await makeActivity(c, ps1.id, [ids.a])).id;
  const act3 = (await makeActivity(c, ps2.id, [ids.a])).id;
  await db.updateTable('activities').set({ ponderation: 60 }).where('id', '=', act1).execute();
  await db.updateTable('activities').set({ ponderation: 40 }).where('id', '=', act2).execute();

  const people: Array<[keyof typeof ids, number | null, number]> = [
    ['hugo', 1, ids.gen],
    ['mara', 2, ids.gen],
    ['iris', 2, ids.gen],
    ['leo', 1, ids.gen],
    ['otto', 1, ids.gen2],
    ['zoe', null, ids.gen10],
  ];
  for (const [key, gender, generation] of people) {
    const u = await createUser(c, ROLE.STUDENT, { gender, full_name: `Alumno ${key}` });
    ids[key] = u.id;
    await db.insertInto('user_careers').values({ user_id: u.id, career_id: career.id }).execute();
    await db
      .insertInto('user_generations')
      .values({
        user_id: u.id,
        generation_id: generation,
        current_semester_id: 1,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const grade = (user_id: number, activity_id: number, qualification: number | null) => ({
    user_id,
    activity_id,
    qualification,
    updated_by: null,
    updated_at: now,
  });
  await db
    .insertInto('user_activities')
    .values([
      grade(ids.hugo, act1, 95),
      grade(ids.hugo, act2, 80),
      grade(ids.hugo, act3, 65),
      grade(ids.mara, act1, 72.25),
      grade(ids.leo, act1, null),
      grade(ids.otto, act1, 100),
      grade(ids.otto, act3, 40),
      grade(ids.zoe, act1, 9.5),
      grade(ids.zoe, act2, 8),
    ])
    .execute();
});

async function flex(qs: string, user: TestUser = chief) {
  const res = await as(ctx(), user, { method: 'GET', url: `/api/reportes/flex?${qs}` });
  return res;
}
const key = (r: Record_) => [
  r.user.id,
  r.subject_id,
  r.attribute_id,
  r.attributerating,
  r.user.gender,
  r.attribute.attribute_name,
];

describe('GET /api/reportes/flex', () => {
  it('answers one record per student, subject and attribute with a rating, computed from the grades', async () => {
    const res = await flex(`generation_id=${ids.gen}`);
    expect(res.statusCode).toBe(200);
    const records = res.json() as Record_[];
    const A = 'Análisis de problemas';
    const B = 'Comunicación efectiva';
    // Ordered by attribute name, then subject, then student.
    expect(records.map(key)).toEqual([
      [ids.hugo, ids.s1, ids.a, 89, 1, A],
      [ids.mara, ids.s1, ids.a, 72.3, 2, A],
      [ids.hugo, ids.s2, ids.a, 65, 1, A],
      [ids.hugo, ids.s1, ids.b, 95, 1, B],
      [ids.mara, ids.s1, ids.b, 72.3, 2, B],
    ]);
    // The screen's counters from these records: 2 students with data (Iris and Leo have none), 1 man, 1 woman, 5 records.
    const students = new Map(records.map((r) => [r.user.id, r.user.gender]));
    expect(students.size).toBe(2);
    expect([...students.values()].filter((g) => g === 1)).toHaveLength(1);
    expect([...students.values()].filter((g) => g === 2)).toHaveLength(1);
    expect(students.has(ids.iris) || students.has(ids.leo) || students.has(ids.otto)).toBe(false);
  });

  it('narrows by subject, period and attribute', async () => {
    const bySubject = (await flex(`generation_id=${ids.gen}&subject_id=${ids.s2}`)).json() as Record_[];
    expect(bySubject.map(key)).toEqual([[ids.hugo, ids.s2, ids.a, 65, 1, 'Análisis de problemas']]);
    const byPeriod = (await flex(`generation_id=${ids.gen}&period_id=${ids.p1}`)).json() as Record_[];
    expect(byPeriod.map((r) => r.attributerating)).toEqual([89, 72.3, 95, 72.3]);
    const byAttribute = (
      await flex(`generation_id=${ids.gen}&subject_id=${ids.s1}&attribute_id=${ids.b}`)
    ).json() as Record_[];
    expect(byAttribute.map((r) => [r.user.id, r.attributerating])).toEqual([
      [ids.hugo, 95],
      [ids.mara, 72.3],
    ]);
    expect((await flex(`generation_id=${ids.empty}`)).json()).toEqual([]);
  });

  it('answers the ratings as graded (0-10 ones too) and a student without gender as null', async () => {
    const records = (await flex(`generation_id=${ids.gen10}`)).json() as Record_[];
    expect(records.map((r) => [r.attribute_id, r.attributerating, r.user.gender])).toEqual([
      [ids.a, 8.9, null],
      [ids.b, 9.5, null],
    ]);
  });

  it('refuses a missing or unknown generation and unknown filters with 422 on the field', async () => {
    const missing = await flex('');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.generation_id).toEqual([REPORT_MSG.generationRequired]);
    const unknown = await flex('generation_id=999999');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.generation_id).toEqual([REPORT_MSG.generationMissing]);
    const subject = await flex(`generation_id=${ids.gen}&subject_id=999999`);
    expect(subject.json().errors.subject_id).toEqual([REPORT_MSG.subjectMissing]);
  });

  it('is for chiefs and administrators only', async () => {
    expect((await flex(`generation_id=${ids.gen}`, admin)).statusCode).toBe(200);
    expect((await flex(`generation_id=${ids.gen}`, teacher)).statusCode).toBe(403);
    expect((await flex(`generation_id=${ids.gen}`, student)).statusCode).toBe(403);
    expect(
      (await as(ctx(), null, { method: 'GET', url: `/api/reportes/flex?generation_id=${ids.gen}` })).statusCode,
    ).toBe(401);
  });
});

async function summaryOf(qs: string, user: TestUser = chief) {
  const res = await as(ctx(), user, { method: 'GET', url: `/api/reportes/flex/resumen?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DivisionSummary;
}
/** An attribute of the summary as [label, students, records, sob, suf, ins, sob %, suf %, ins %, ≥ suf %]. */
const tallyRow = (a: DivisionSummaryAttribute) => [
  a.label,
  a.students,
  a.bands.total,
  a.bands.sobresaliente,
  a.bands.suficiente,
  a.bands.insuficiente,
  a.bands.sobresaliente_pct,
  a.bands.suficiente_pct,
  a.bands.insuficiente_pct,
  a.sufficient_or_above_pct,
];

describe('GET /api/reportes/flex/resumen', () => {
  it("counts the generation's records once: students by gender, and per attribute its bands and shares", async () => {
    const summary = await summaryOf(`generation_id=${ids.gen}`);
    // Hugo (man) and Mara (woman) have records; Iris and Leo none, Otto is of another generation.
    expect([summary.men, summary.women, summary.students, summary.records, summary.scaled_ten]).toEqual([
      1,
      1,
      2,
      5,
      false,
    ]);
    // A: 89 and 72.3 Suficiente, 65 Insuficiente; B: 95 Sobresaliente, 72.3 Suficiente. One career: plain names.
    expect(summary.attributes.map(tallyRow)).toEqual([
      ['Análisis de problemas', 2, 3, 0, 2, 1, 0, 66.7, 33.3, 66.7],
      ['Comunicación efectiva', 2, 2, 1, 1, 0, 50, 50, 0, 100],
    ]);
    expect(summary.attributes.map((a) => [a.attribute_id, a.career_id, a.career_name])).toEqual([
      [ids.a, ids.career, 'Ingeniería Química'],
      [ids.b, ids.career, 'Ingeniería Química'],
    ]);
  });

  it('narrows as the records do, and applies the 0-10 rule before banding', async () => {
    const bySubject = await summaryOf(`generation_id=${ids.gen}&subject_id=${ids.s1}&attribute_id=${ids.b}`);
    expect(bySubject.attributes.map(tallyRow)).toEqual([['Comunicación efectiva', 2, 2, 1, 1, 0, 50, 50, 0, 100]]);
    const byPeriod = await summaryOf(`generation_id=${ids.gen}&period_id=${ids.p2}`);
    expect([byPeriod.men, byPeriod.women, byPeriod.records]).toEqual([1, 0, 1]);
    // Zoe (no gender stated) graded 8.9 and 9.5: on the 0-10 scale, 89 Suficiente and 95 Sobresaliente.
    const ten = await summaryOf(`generation_id=${ids.gen10}`);
    expect([ten.men, ten.women, ten.students, ten.records, ten.scaled_ten]).toEqual([0, 0, 1, 2, true]);
    expect(ten.attributes.map((a) => [a.bands.sobresaliente, a.bands.suficiente, a.bands.insuficiente])).toEqual([
      [0, 1, 0],
      [1, 0, 0],
    ]);
    expect(await summaryOf(`generation_id=${ids.empty}`)).toEqual({
      men: 0,
      women: 0,
      students: 0,
      records: 0,
      scaled_ten: false,
      attributes: [],
    });
  });

  it('agrees with the records the same filters list', async () => {
    for (const qs of [`generation_id=${ids.gen}`, `generation_id=${ids.gen}&period_id=${ids.p1}`]) {
      const records = (await flex(qs)).json() as Record_[];
      const summary = await summaryOf(qs);
      expect(summary.records).toBe(records.length);
      expect(summary.students).toBe(new Set(records.map((r) => r.user.id)).size);
      for (const a of summary.attributes)
        expect(a.bands.total).toBe(records.filter((r) => r.attribute_id === a.attribute_id).length);
    }
  });

  it('refuses bad filters with 422 on the field, and is for chiefs and administrators only', async () => {
    const missing = await as(ctx(), chief, { method: 'GET', url: '/api/reportes/flex/resumen' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.generation_id).toEqual([REPORT_MSG.generationRequired]);
    const unknown = await as(ctx(), chief, {
      method: 'GET',
      url: `/api/reportes/flex/resumen?generation_id=${ids.gen}&period_id=999999`,
    });
    expect(unknown.json().errors.period_id).toEqual([REPORT_MSG.periodMissing]);
    const url = `/api/reportes/flex/resumen?generation_id=${ids.gen}`;
    expect((await as(ctx(), admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx(), teacher, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx(), student, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'GET', url })).statusCode).toBe(401);
  });
});

async function readWorkbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows = (name: string) => {
    const out: unknown[][] = [];
    wb.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };
  return { names: wb.worksheets.map((w) => w.name), rows, sheet: (name: string) => wb.getWorksheet(name)! };
}

describe('GET /api/reportes/flex/export', () => {
  it('answers a real .xlsx named through content-disposition: summary, records and filters', async () => {
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/reportes/flex/export?generation_id=${ids.gen}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="reporte_division_2031-2035_\d{8}-\d{4}\.xlsx"/,
    );
    const { names, rows, sheet } = await readWorkbook(res.rawPayload);
    expect(names).toEqual(['Resumen', 'Calificaciones', 'Filtros']);
    const summary = rows('Resumen');
    expect(summary[0]).toEqual([
      'Atributo',
      'Alumnos con datos',
      'Registros',
      'Sobresaliente (90-100)',
      '% Sobresaliente',
      'Suficiente (70-89)',
      '% Suficiente',
      'Insuficiente (0-69)',
      '% Insuficiente',
      'Carrera',
    ]);
    // A: 89 and 72.3 (Suficiente), 65 (Insuficiente), 2 students; B: 95 (Sobresaliente), 72.3 (Suficiente). The
    // shares are the summary's (`GET /reportes/flex/resumen`, one decimal), as the screen shows them: 66.7 %.
    expect(summary.slice(1)).toEqual([
      ['Análisis de problemas', 2, 3, 0, 0, 2, 0.667, 1, 0.333, 'Ingeniería Química'],
      ['Comunicación efectiva', 2, 2, 1, 0.5, 1, 0.5, 0, 0, 'Ingeniería Química'],
    ]);
    const detail = rows('Calificaciones');
    expect(detail[0]).toEqual([
      'Matrícula',
      'Nombre',
      'Género',
      'Clave',
      'Materia',
      'Atributo',
      'Carrera',
      'Calificación',
      'Banda',
    ]);
    const Q = 'Ingeniería Química';
    expect(detail.slice(1).map((r) => [r[1], r[2], r[4], r[5], r[6], r[7], r[8]])).toEqual([
      ['Alumno hugo', 'Hombre', 'Cálculo diferencial', 'Análisis de problemas', Q, 89, 'Suficiente'],
      ['Alumno hugo', 'Hombre', 'Cálculo diferencial', 'Comunicación efectiva', Q, 95, 'Sobresaliente'],
      ['Alumno hugo', 'Hombre', 'Física', 'Análisis de problemas', Q, 65, 'Insuficiente'],
      ['Alumno mara', 'Mujer', 'Cálculo diferencial', 'Análisis de problemas', Q, 72.3, 'Suficiente'],
      ['Alumno mara', 'Mujer', 'Cálculo diferencial', 'Comunicación efectiva', Q, 72.3, 'Suficiente'],
    ]);
    const filters = rows('Filtros');
    expect(filters.slice(1, 8)).toEqual([
      ['Generación', '2031-2035'],
      ['Carrera', Q],
      ['Materia', 'Todas'],
      ['Periodo', 'Todos'],
      ['Atributo', 'Todos'],
      ['Escala', '0-100'],
      ['Registros', 5],
    ]);
    expect(filters[8]![0]).toBe('Generado el');
    // Every sheet freezes its header row and has filters on it.
    for (const [name, last] of [
      ['Resumen', 'J'],
      ['Calificaciones', 'I'],
      ['Filtros', 'B'],
    ] as const) {
      expect(sheet(name).views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet(name).autoFilter).toBe(`A1:${last}1`);
    }
  });

  it('applies the 0-10 rule: ratings of 10.5 or less are multiplied by 10 before banding', async () => {
    const res = await as(ctx(), admin, { method: 'GET', url: `/api/reportes/flex/export?generation_id=${ids.gen10}` });
    expect(res.statusCode).toBe(200);
    const { rows } = await readWorkbook(res.rawPayload);
    expect(
      rows('Calificaciones')
        .slice(1)
        .map((r) => [r[2], r[7], r[8]]),
    ).toEqual([
      [undefined, 89, 'Suficiente'],
      [undefined, 95, 'Sobresaliente'],
    ]); // no gender recorded: a blank cell
    expect(
      rows('Resumen')
        .slice(1)
        .map((r) => r.slice(0, 9)),
    ).toEqual([
      ['Análisis de problemas', 1, 1, 0, 0, 1, 1, 0, 0],
      ['Comunicación efectiva', 1, 1, 1, 1, 0, 0, 0, 0],
    ]);
    expect(rows('Filtros')[6]).toEqual(['Escala', 'Calificaciones en escala 0-10, multiplicadas por 10']);
  });

  it('names the filters of a narrowed export', async () => {
    const res = await as(ctx(), chief, {
      method: 'GET',
      url: `/api/reportes/flex/export?generation_id=${ids.gen}&subject_id=${ids.s1}&period_id=${ids.p1}`,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await readWorkbook(res.rawPayload);
    expect(rows('Calificaciones')).toHaveLength(5);
    const filters = rows('Filtros');
    expect(String(filters[3]![1])).toMatch(/ · Cálculo diferencial$/);
    expect(String(filters[4]![1])).toMatch(/^Periodo /);
  });

  it('refuses with a clear message when there is nothing to export, and for other roles', async () => {
    const empty = await as(ctx(), chief, {
      method: 'GET',
      url: `/api/reportes/flex/export?generation_id=${ids.empty}`,
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ message: REPORT_MSG.exportEmpty });
    const missing = await as(ctx(), chief, { method: 'GET', url: '/api/reportes/flex/export' });
    expect(missing.statusCode).toBe(422);
    expect(
      (await as(ctx(), teacher, { method: 'GET', url: `/api/reportes/flex/export?generation_id=${ids.gen}` }))
        .statusCode,
    ).toBe(403);
  });
});

/*
 * A chief's report is about their careers. Generation 2035: Hugo2 of Química and Pepe of Civil, both graded in one
 * subject whose activity counts for Química's 'Análisis de problemas' and Civil's own 'Comunicación efectiva' (a name
 * Química's attribute B shares). Each career's attribute is rated for that career's students only, as the evidence's
 * cohort: Hugo2 in A, Pepe in Civil's attribute.
 */
describe('the division report per career', () => {
  const shared = { gen: 0, civil: 0, civilAttr: 0, hugo2: 0, pepe: 0, civilChief: null as TestUser | null };

  beforeAll(async () => {
    const c = ctx();
    const db = c.database.db;
    const now = nowIso();
    shared.gen = (await makeGeneration(c, '2035-08-01')).id;
    const civil = await makeCareer(c, { career_key: 'ICIV', name: 'Ingeniería Civil' });
    shared.civil = civil.id;
    shared.civilChief = await makeChief(c, [civil.id]);
    shared.civilAttr = (await makeAttribute(c, { attribute_name: 'Comunicación efectiva', career_id: civil.id })).id;
    const ps = await makeAssignment(c, { subject_id: ids.s1, period_id: ids.p1 });
    const act = (await makeActivity(c, ps.id, [ids.a, shared.civilAttr])).id;
    for (const [key, careerId, grade] of [
      ['hugo2', ids.career, 90],
      ['pepe', civil.id, 80],
    ] as const) {
      const u = await createUser(c, ROLE.STUDENT, { full_name: `Alumno ${key}` });
      shared[key] = u.id;
      await db.insertInto('user_careers').values({ user_id: u.id, career_id: careerId }).execute();
      await db
        .insertInto('user_generations')
        .values({
          user_id: u.id,
          generation_id: shared.gen,
          current_semester_id: 1,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('user_activities')
        .values({ user_id: u.id, activity_id: act, qualification: grade, updated_by: null, updated_at: now })
        .execute();
    }
  });

  const records = async (qs: string, user: TestUser) => {
    const res = await flex(qs, user);
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<Record_ & { attribute: { career_key: string | null } }>).map((r) => [
      r.user.id,
      r.attribute_id,
      r.attributerating,
      r.attribute.career_key,
    ]);
  };

  it("gives a chief their career's attributes for their career's students only", async () => {
    expect(await records(`generation_id=${shared.gen}`, chief)).toEqual([
      [shared.hugo2, ids.a, 90, expect.any(String)],
    ]);
    expect(await records(`generation_id=${shared.gen}`, shared.civilChief!)).toEqual([
      [shared.pepe, shared.civilAttr, 80, 'ICIV'],
    ]);
  });

  it('gives the administrator every career, each attribute labelled with its career, or one career when asked', async () => {
    const all = await records(`generation_id=${shared.gen}`, admin);
    expect(all).toHaveLength(2);
    expect(all).toEqual(
      expect.arrayContaining([
        [shared.hugo2, ids.a, 90, expect.any(String)],
        [shared.pepe, shared.civilAttr, 80, 'ICIV'],
      ]),
    );
    expect(await records(`generation_id=${shared.gen}&career_id=${shared.civil}`, admin)).toEqual([
      [shared.pepe, shared.civilAttr, 80, 'ICIV'],
    ]);
  });

  it('refuses another career (403) and an unknown one (422)', async () => {
    const other = await flex(`generation_id=${shared.gen}&career_id=${shared.civil}`, chief);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(REPORT_MSG.notYourCareer);
    const unknown = await flex(`generation_id=${shared.gen}&career_id=999999`, admin);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.career_id).toEqual([REPORT_MSG.careerMissing]);
    const exported = await as(ctx(), chief, {
      method: 'GET',
      url: `/api/reportes/flex/export?generation_id=${shared.gen}&career_id=${shared.civil}`,
    });
    expect(exported.statusCode).toBe(403);
  });

  it("sums up a chief's career only; the administrator's every career, each attribute labelled with its key", async () => {
    const chiefs = await summaryOf(`generation_id=${shared.gen}`, chief);
    expect(chiefs.attributes.map((a) => [a.attribute_id, a.label, a.bands.total])).toEqual([
      [ids.a, 'Análisis de problemas', 1],
    ]);
    const civil = await summaryOf(`generation_id=${shared.gen}`, shared.civilChief!);
    expect([civil.students, civil.attributes.map((a) => a.label)]).toEqual([1, ['Comunicación efectiva']]);
    const all = await summaryOf(`generation_id=${shared.gen}`, admin);
    expect(all.attributes.map((a) => [a.attribute_id, a.label])).toEqual([
      [ids.a, `Análisis de problemas (${all.attributes[0]!.career_key})`],
      [shared.civilAttr, 'Comunicación efectiva (ICIV)'],
    ]);
    expect(all.students).toBe(2);
    const other = await as(ctx(), chief, {
      method: 'GET',
      url: `/api/reportes/flex/resumen?generation_id=${shared.gen}&career_id=${shared.civil}`,
    });
    expect([other.statusCode, other.json().message]).toEqual([403, REPORT_MSG.notYourCareer]);
  });

  it('exports one career: its name in the records and the filters', async () => {
    const res = await as(ctx(), admin, {
      method: 'GET',
      url: `/api/reportes/flex/export?generation_id=${shared.gen}&career_id=${shared.civil}`,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await readWorkbook(res.rawPayload);
    expect(
      rows('Calificaciones')
        .slice(1)
        .map((r) => [r[1], r[5], r[6], r[7]]),
    ).toEqual([['Alumno pepe', 'Comunicación efectiva', 'Ingeniería Civil', 80]]);
    expect(rows('Filtros')[2]).toEqual(['Carrera', 'Ingeniería Civil']);
  });
});
