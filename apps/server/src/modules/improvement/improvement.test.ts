import { beforeAll, describe, expect, it } from 'vitest';
import { IMPROVEMENT_MSG, ROLE, type EvidenceAnswer, type ImprovementAction } from '@egreso/domain';
import ExcelJS from 'exceljs';
import { nowIso } from '../../lib/time.js';
import { WRAP_WIDTH, readFirstSheet } from '../../lib/xlsx.js';
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
import { countStudentBandsByPeriod } from '../ratings/index.js';
import { buildImprovementWorkbook } from './improvement.service.js';

const ctx = useTestApp();

/*
 * Hand-computed cohort: career C (attribute A1, target 70 by default; 75 set for P2), generation G with Hugo, Mara,
 * Iris and Leo; Otto is of another generation. S1 is taught by Tomás in P1 (act1 on A1), S2 by Rosa in P2 (act2 on
 * A1); S3 has no assignment. Career D has attribute X and subject SD.
 * - P1 (act1): Hugo 80, Mara 60, Iris 50, Leo 90 → 2 of 4 at Suficiente or above: 50 %, missed 70, 2 of 4
 *   Insuficiente: critical. That is the finding.
 * - P2 (act2), added later: Hugo 85, Mara 72, Iris 60 (Leo has no grade; Otto's 0 is not counted) → 2 of 3: 66.7 %
 *   against the expected 75: not met, 1 of 3 Insuficiente: critical. Iris's 60 then becomes 95 → 3 of 3: 100 %, met.
 */
let admin: TestUser;
let chief: TestUser;
let otherChief: TestUser;
let tomas: TestUser;
let rosa: TestUser;
let student: TestUser;
const ids = {
  c: 0,
  d: 0,
  g: 0,
  a1: 0,
  x: 0,
  s1: 0,
  s2: 0,
  s3: 0,
  sd: 0,
  p1: 0,
  p2: 0,
  p3: 0,
  act1: 0,
  act2: 0,
  hugo: 0,
  mara: 0,
  iris: 0,
  leo: 0,
  otto: 0,
};

beforeAll(async () => {
  const c = ctx();
  const db = c.database.db;
  const now = nowIso();
  admin = await createUser(c, ROLE.ADMIN);
  chief = await createUser(c, ROLE.CHIEF, { full_name: 'Jefa Carmen Ortiz' });
  otherChief = await createUser(c, ROLE.CHIEF);
  tomas = await createUser(c, ROLE.TEACHER, { full_name: 'Tomás Vega' });
  rosa = await createUser(c, ROLE.TEACHER, { full_name: 'Rosa Luna' });
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
  const g2 = (await makeGeneration(c, '2031-08-01')).id;
  ids.a1 = (await makeAttribute(c, { attribute_name: 'Análisis', career_id: ids.c })).id;
  ids.x = (await makeAttribute(c, { attribute_name: 'Cálculo', career_id: ids.d })).id;
  ids.s1 = (await makeSubject(c, { subject_name: 'Programación', careers: [ids.c] })).id;
  ids.s2 = (await makeSubject(c, { subject_name: 'Bases de datos', careers: [ids.c] })).id;
  ids.s3 = (await makeSubject(c, { subject_name: 'Álgebra', careers: [ids.c] })).id;
  ids.sd = (await makeSubject(c, { subject_name: 'Estructuras', careers: [ids.d] })).id;
  ids.p1 = (await makePeriod(c, { period_name: 'ENE-JUN 2031', start_date: '2031-01-20', end_date: '2031-06-10' })).id;
  ids.p2 = (
    await makePeriod(c, { period_name: 'AGO-DIC 2031', start_date: '2031-08-10', end_date: '2031-12-10', is_active: 1 })
  ).id;
  ids.p3 = (await makePeriod(c, { period_name: 'ENE-JUN 2032', start_date: '2032-01-20', end_date: '2032-06-10' })).id;
  const ps1 = await makeAssignment(c, { subject_id: ids.s1, period_id: ids.p1, user_id: tomas.id });
  const ps2 = await makeAssignment(c, { subject_id: ids.s2, period_id: ids.p2, user_id: rosa.id, career_id: ids.c });
  ids.act1 = (await makeActivity(c, ps1.id, [ids.a1])).id;
  ids.act2 = (await makeActivity(c, ps2.id, [ids.a1])).id;
  const enrol = async (name: string, generation: number) => {
    const u = await createUser(c, ROLE.STUDENT, { full_name: name });
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
    await db.insertInto('user_careers').values({ user_id: u.id, career_id: ids.c }).execute();
    return u.id;
  };
  ids.hugo = await enrol('Hugo', ids.g);
  ids.mara = await enrol('Mara', ids.g);
  ids.iris = await enrol('Iris', ids.g);
  ids.leo = await enrol('Leo', ids.g);
  ids.otto = await enrol('Otto', g2);
  await grade([
    [ids.hugo, ids.act1, 80],
    [ids.mara, ids.act1, 60],
    [ids.iris, ids.act1, 50],
    [ids.leo, ids.act1, 90],
  ]);
  const targets = await as(c, chief, {
    method: 'PUT',
    url: '/api/reportes/metas',
    payload: { career_id: ids.c, period_id: ids.p2, targets: [{ attribute_id: ids.a1, target: 75 }] },
  });
  expect(targets.statusCode).toBe(200);
});

async function grade(rows: Array<[number, number, number]>) {
  const now = nowIso();
  await ctx()
    .database.db.insertInto('user_activities')
    .values(
      rows.map(([user_id, activity_id, qualification]) => ({
        user_id,
        activity_id,
        qualification,
        updated_by: null,
        updated_at: now,
      })),
    )
    .execute();
}
const regrade = (userId: number, activityId: number, qualification: number) =>
  ctx()
    .database.db.updateTable('user_activities')
    .set({ qualification })
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .execute();

const URL = '/api/reportes/acciones-mejora';
const body = (overrides: Record<string, unknown> = {}) => ({
  career_id: ids.c,
  generation_id: ids.g,
  attribute_id: ids.a1,
  finding_period_id: ids.p1,
  period_id: ids.p2,
  cause: 'Los alumnos no plantean el modelo antes de programar.',
  action: 'Taller de modelado antes de cada práctica.',
  subject_ids: [ids.s2, ids.s3],
  ...overrides,
});
const post = (user: TestUser, payload: unknown) =>
  as(ctx(), user, { method: 'POST', url: URL, payload: payload as Record<string, unknown> });
const list = async (user: TestUser, qs = '') => {
  const res = await as(ctx(), user, { method: 'GET', url: `${URL}${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImprovementAction[];
};
const update = (user: TestUser, id: number, payload: Record<string, unknown>) =>
  as(ctx(), user, { method: 'PUT', url: `${URL}/${id}`, payload });
const followUp = (user: TestUser, id: number, payload: Record<string, unknown>) =>
  as(ctx(), user, { method: 'POST', url: `${URL}/${id}/seguimientos`, payload });
const editable = (a: ImprovementAction) => ({
  period_id: a.period.period_id,
  cause: a.cause,
  action: a.action,
  subject_ids: a.subjects.map((s) => s.subject_id),
  expected_share: a.expected_share,
  status: a.status,
  verdict_note: a.verdict_note,
});

let actionId = 0;

describe('improvement actions', () => {
  it("records the finding from the evidence's numbers and the expected share from the target of the period it applies to", async () => {
    const res = await post(chief, body());
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json() as ImprovementAction;
    actionId = a.id;
    expect(a.finding).toEqual({
      students: 4,
      share: 50,
      target: 70,
      met: false,
      critical: true,
      period: { period_id: ids.p1, period_name: 'ENE-JUN 2031', start_date: '2031-01-20' },
    });
    expect(a.expected_share).toBe(75);
    expect(a.status).toBe('planeada');
    expect(a.generation.generation_name).toBe('2030-2034');
    // Bases de datos with its teacher then; Álgebra has no assignment yet.
    expect(a.subjects.map((s) => [s.subject_name, s.teachers.map((t) => [t.id, t.full_name])])).toEqual([
      ['Álgebra', []],
      ['Bases de datos', [[rosa.id, 'Rosa Luna']]],
    ]);
    // P2 has no ratings yet: nothing measured, nothing proposed.
    expect(a.measured).toBeNull();
    expect(a.proposed_status).toBeNull();
    expect(a.created_by).toBe('Jefa Carmen Ortiz');
  });

  it("measures the period it applies to as the evidence counts it, and follows that period's ratings", async () => {
    await grade([
      [ids.hugo, ids.act2, 85],
      [ids.mara, ids.act2, 72],
      [ids.iris, ids.act2, 60],
      [ids.otto, ids.act2, 0],
    ]);
    let [a] = await list(chief, `?career_id=${ids.c}`);
    expect(a!.measured).toEqual({ students: 3, share: 66.7, met: false, critical: true });
    expect(a!.proposed_status).toBe('no_cumplida');
    const evidence = (
      await as(ctx(), chief, {
        method: 'GET',
        url: `/api/reportes/evidencia?career_id=${ids.c}&generation_id=${ids.g}`,
      })
    ).json() as EvidenceAnswer;
    const point = evidence.attributes[0]!.trend.find((t) => t.period_id === ids.p2)!;
    expect([point.students.total, point.verdict.share]).toEqual([a!.measured!.students, a!.measured!.share]);

    await regrade(ids.iris, ids.act2, 95);
    [a] = await list(chief, `?career_id=${ids.c}`);
    expect(a!.measured).toEqual({ students: 3, share: 100, met: true, critical: false });
    expect(a!.proposed_status).toBe('cumplida');
  });

  it('counts the few trend points a list needs as the whole trend counts them', async () => {
    const db = ctx().database.db;
    const scope = { careerId: ids.c, generationId: ids.g };
    const all = await countStudentBandsByPeriod(db, scope);
    const some = await countStudentBandsByPeriod(db, scope, { attributeIds: [ids.a1, ids.x], periodIds: [ids.p2] });
    expect(some).toHaveLength(1);
    expect(some).toEqual(all.filter((r) => r.attribute_id === ids.a1 && r.period_id === ids.p2));
    expect(await countStudentBandsByPeriod(db, scope, { attributeIds: [ids.a1], periodIds: [] })).toEqual([]);
  });

  it('keeps the finding as it was when written', async () => {
    await regrade(ids.mara, ids.act1, 95);
    const [a] = await list(chief, `?career_id=${ids.c}`);
    expect([a!.finding.students, a!.finding.share, a!.finding.critical]).toEqual([4, 50, true]);
    await regrade(ids.mara, ids.act1, 60);
  });

  it('lets a teacher of one of its subjects read it and record several follow-ups, and nobody else', async () => {
    expect((await list(rosa)).map((a) => a.id)).toEqual([actionId]);
    expect(await list(tomas)).toEqual([]);
    const first = await followUp(rosa, actionId, {
      followup_date: '2031-09-15',
      text: 'Dos talleres de modelado con el grupo.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await followUp(rosa, actionId, {
      followup_date: '2031-09-01',
      text: 'Diagnóstico al inicio del curso.',
    });
    expect(second.statusCode).toBe(201);
    const followups = (second.json() as ImprovementAction).followups;
    expect(followups.map((f) => [f.followup_date, f.author_name, f.author_id])).toEqual([
      ['2031-09-01', 'Rosa Luna', rosa.id],
      ['2031-09-15', 'Rosa Luna', rosa.id],
    ]);
    const foreign = await followUp(tomas, actionId, { followup_date: '2031-09-15', text: 'No es mi materia.' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(IMPROVEMENT_MSG.notYourSubject);
    expect(
      (await followUp(otherChief, actionId, { followup_date: '2031-09-15', text: 'Otra carrera.' })).statusCode,
    ).toBe(403);
    expect((await followUp(student, actionId, { followup_date: '2031-09-15', text: 'Alumno.' })).statusCode).toBe(403);
    const [a] = await list(chief);
    expect(a!.followups).toHaveLength(2);
    // A teacher reads but does not edit or delete.
    expect((await update(rosa, actionId, editable(a!))).statusCode).toBe(403);
    expect((await as(ctx(), rosa, { method: 'DELETE', url: `${URL}/${actionId}` })).statusCode).toBe(403);
  });

  it("closes with the chief's verdict only with a note", async () => {
    const [a] = await list(chief);
    const noNote = await update(chief, actionId, { ...editable(a!), status: 'cumplida', verdict_note: '' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.verdict_note).toEqual([IMPROVEMENT_MSG.verdictNoteRequired]);
    const res = await update(chief, actionId, {
      ...editable(a!),
      status: 'cumplida',
      verdict_note: 'Se alcanzó la meta en AGO-DIC 2031.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json() as ImprovementAction;
    expect([closed.status, closed.verdict_note, closed.verdict_by]).toEqual([
      'cumplida',
      'Se alcanzó la meta en AGO-DIC 2031.',
      'Jefa Carmen Ortiz',
    ]);
    expect(closed.verdict_at).toBeTruthy();
    // The finding is not editable, the subjects are: Álgebra goes, Programación comes with its teacher at the moment.
    const edited = await update(chief, actionId, { ...editable(closed), subject_ids: [ids.s2, ids.s1] });
    expect(edited.statusCode).toBe(200);
    expect(
      (edited.json() as ImprovementAction).subjects.map((s) => [s.subject_name, s.teachers.map((t) => t.full_name)]),
    ).toEqual([
      ['Bases de datos', ['Rosa Luna']],
      ['Programación', ['Tomás Vega']],
    ]);
    expect((edited.json() as ImprovementAction).finding.share).toBe(50);
  });

  it('filters by generation, attribute, status and period', async () => {
    expect(await list(chief, `?status=planeada`)).toEqual([]);
    expect(
      (await list(chief, `?status=cumplida&generation_id=${ids.g}&attribute_id=${ids.a1}&period_id=${ids.p2}`)).map(
        (a) => a.id,
      ),
    ).toEqual([actionId]);
    expect(await list(chief, `?period_id=${ids.p3}`)).toEqual([]);
    expect(await list(admin, `?career_id=${ids.d}`)).toEqual([]);
    expect((await list(admin)).map((a) => a.id)).toEqual([actionId]);
  });

  it('refuses what does not fit the cohort with 422 on the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ attribute_id: ids.x }, 'attribute_id', IMPROVEMENT_MSG.attributeNotInCareer],
      [{ finding_period_id: ids.p3, period_id: ids.p3 }, 'finding_period_id', IMPROVEMENT_MSG.noFindingData],
      [{ finding_period_id: ids.p2, period_id: ids.p1 }, 'period_id', IMPROVEMENT_MSG.periodBeforeFinding],
      // Not in its own finding's period either: it would be measured against the finding itself.
      [{ period_id: ids.p1 }, 'period_id', IMPROVEMENT_MSG.periodBeforeFinding],
      [{ subject_ids: [ids.sd] }, 'subject_ids', IMPROVEMENT_MSG.subjectNotInCareer],
      [{ generation_id: 999999 }, 'generation_id', IMPROVEMENT_MSG.generationMissing],
      [{ period_id: 999999 }, 'period_id', IMPROVEMENT_MSG.periodMissing],
      [{ expected_share: 101 }, 'expected_share', IMPROVEMENT_MSG.expectedShare],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(chief, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await list(admin)).length).toBe(1);
  });

  it('limits a chief to their careers and refuses students', async () => {
    const foreign = await post(otherChief, body());
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(IMPROVEMENT_MSG.notYourCareer);
    expect((await as(ctx(), otherChief, { method: 'GET', url: `${URL}?career_id=${ids.c}` })).statusCode).toBe(403);
    expect(await list(otherChief)).toEqual([]);
    const [a] = await list(chief);
    expect((await update(otherChief, actionId, editable(a!))).statusCode).toBe(403);
    expect((await as(ctx(), otherChief, { method: 'DELETE', url: `${URL}/${actionId}` })).statusCode).toBe(403);
    expect((await as(ctx(), student, { method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await post(student, body())).statusCode).toBe(403);
    expect((await post(tomas, body())).statusCode).toBe(403);
    // The administrator writes on any career, with an explicit expected share.
    const res = await post(admin, body({ expected_share: 60, subject_ids: [] }));
    expect(res.statusCode).toBe(201);
    expect((res.json() as ImprovementAction).expected_share).toBe(60);
    expect(
      (await as(ctx(), admin, { method: 'DELETE', url: `${URL}/${(res.json() as ImprovementAction).id}` })).statusCode,
    ).toBe(200);
  });

  it('exports the list as a workbook', async () => {
    const res = await as(ctx(), chief, { method: 'GET', url: `${URL}/export?career_id=${ids.c}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/acciones_mejora_\d{8}\.xlsx/);
    const rows = (await readFirstSheet(res.rawPayload))!;
    expect(rows[0]!.slice(0, 4)).toEqual(['Carrera', 'Generación', 'Atributo', 'Periodo del hallazgo']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 8)).toEqual([
      'Ingeniería en Sistemas',
      '2030-2034',
      'Análisis',
      'ENE-JUN 2031',
      4,
      50,
      70,
      'Sí',
    ]);
    expect(rows[1]!.slice(12, 17)).toEqual([75, 3, 100, 'Cumplida', 'Cumplida']);
    const empty = await as(ctx(), chief, { method: 'GET', url: `${URL}/export?status=planeada` });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(IMPROVEMENT_MSG.nothingToExport);
    expect((await as(ctx(), rosa, { method: 'GET', url: `${URL}/export` })).statusCode).toBe(403);
  });

  it("stamps the file with the date in the institution's time zone, with filters on the header and fitting columns", async () => {
    // 7:33 p.m. of 27 November in Mexico City is already the 28th in UTC.
    const { fileName, buffer } = await buildImprovementWorkbook(
      ctx().database.db,
      admin,
      { career_id: ids.c },
      new Date('2026-11-28T01:33:00Z'),
    );
    expect(fileName).toBe('acciones_mejora_20261127.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:S1');
    // 'Ingeniería en Sistemas' fits its column.
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual('Ingeniería en Sistemas'.length);
  });

  it('wraps the long texts of the workbook (a cause of 91 characters) in a column of 60, top-aligned', async () => {
    const db = ctx().database.db;
    const { cause } = await db
      .selectFrom('improvement_actions')
      .select('cause')
      .where('id', '=', actionId)
      .executeTakeFirstOrThrow();
    const long = 'Los alumnos no plantean el modelo del problema antes de programar ni revisan sus supuestos.';
    expect(long).toHaveLength(91);
    await db.updateTable('improvement_actions').set({ cause: long }).where('id', '=', actionId).execute();
    try {
      const { buffer } = await buildImprovementWorkbook(db, admin, { career_id: ids.c });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buffer as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getCell('I1').value).toBe('Causa');
      expect(ws.getColumn(9).width).toBe(WRAP_WIDTH);
      expect(ws.getCell('I2').value).toBe(long);
      expect(ws.getCell('I2').alignment).toMatchObject({ wrapText: true, vertical: 'top' });
      // A short column neither wraps nor grows: 'Generación' is as wide as its header.
      expect(ws.getCell('B2').alignment?.wrapText).toBeFalsy();
      expect(ws.getColumn(2).width).toBeLessThan(20);
    } finally {
      await db.updateTable('improvement_actions').set({ cause }).where('id', '=', actionId).execute();
    }
  });

  it("refuses to move an action to its finding's period or an earlier one, changing nothing", async () => {
    const [a] = await list(chief);
    for (const period of [ids.p1, 999999]) {
      const res = await update(chief, actionId, { ...editable(a!), period_id: period, cause: 'Otra causa.' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.period_id).toEqual([
        period === ids.p1 ? IMPROVEMENT_MSG.periodBeforeFinding : IMPROVEMENT_MSG.periodMissing,
      ]);
    }
    const [after] = await list(chief);
    expect([after!.period.period_id, after!.cause, after!.updated_at]).toEqual([ids.p2, a!.cause, a!.updated_at]);
  });

  it("measures another period before it is saved: the edit window's measured share and proposed verdict", async () => {
    const measureOf = (user: TestUser, qs: string) =>
      as(ctx(), user, { method: 'GET', url: `${URL}/${actionId}/medicion?${qs}` });
    const [a] = await list(chief);
    const same = await measureOf(chief, `period_id=${ids.p2}`);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({
      period: a!.period,
      expected_share: a!.expected_share,
      measured: a!.measured,
      proposed_status: a!.proposed_status,
    });
    // Against another expected share the same numbers propose another verdict.
    expect((await measureOf(chief, `period_id=${ids.p2}&expected_share=100`)).json().proposed_status).toBe('cumplida');
    const later = await measureOf(chief, `period_id=${ids.p3}`);
    expect(later.json()).toMatchObject({
      period: { period_id: ids.p3, period_name: 'ENE-JUN 2032' },
      measured: null,
      proposed_status: null,
    });
    const own = await measureOf(chief, `period_id=${ids.p1}`);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.period_id).toEqual([IMPROVEMENT_MSG.periodBeforeFinding]);
    expect((await measureOf(otherChief, `period_id=${ids.p2}`)).statusCode).toBe(403);
    expect((await measureOf(rosa, `period_id=${ids.p2}`)).statusCode).toBe(403);
  });

  it("moves its teachers with its period: the new period's teacher follows it up, the old one no longer", async () => {
    const nora = await createUser(ctx(), ROLE.TEACHER, { full_name: 'Nora Ríos' });
    await makeAssignment(ctx(), { subject_id: ids.s2, period_id: ids.p3, user_id: nora.id, career_id: ids.c });
    const created = await post(chief, body({ subject_ids: [ids.s2] }));
    expect(created.statusCode).toBe(201);
    const a = created.json() as ImprovementAction;
    expect(a.subjects.map((s) => s.teachers.map((t) => t.full_name))).toEqual([['Rosa Luna']]);
    const moved = await update(chief, a.id, { ...editable(a), period_id: ids.p3 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as ImprovementAction).subjects.map((s) => s.teachers.map((t) => t.full_name))).toEqual([
      ['Nora Ríos'],
    ]);
    expect((await list(nora)).map((x) => x.id)).toEqual([a.id]);
    expect((await list(rosa)).map((x) => x.id)).not.toContain(a.id);
    expect((await followUp(nora, a.id, { followup_date: '2032-02-01', text: 'Taller en el grupo.' })).statusCode).toBe(
      201,
    );
    expect((await followUp(rosa, a.id, { followup_date: '2032-02-01', text: 'Ya no es mía.' })).statusCode).toBe(403);
    // Back to the earlier period, the teachers come back with it.
    const back = await update(chief, a.id, { ...editable(moved.json() as ImprovementAction), period_id: ids.p2 });
    expect((back.json() as ImprovementAction).subjects.map((s) => s.teachers.map((t) => t.full_name))).toEqual([
      ['Rosa Luna'],
    ]);
    expect((await as(ctx(), chief, { method: 'DELETE', url: `${URL}/${a.id}` })).statusCode).toBe(200);
  });

  it('deletes an action with its follow-ups', async () => {
    const res = await as(ctx(), chief, { method: 'DELETE', url: `${URL}/${actionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(IMPROVEMENT_MSG.deleted);
    expect(await list(chief)).toEqual([]);
    const left = await ctx().database.db.selectFrom('improvement_action_followups').select('id').execute();
    expect(left).toEqual([]);
    expect((await as(ctx(), chief, { method: 'DELETE', url: `${URL}/${actionId}` })).statusCode).toBe(404);
  });

  it("takes an edit whose three texts all have their longest length in three-byte characters (over the small forms' 16 KB)", async () => {
    const long = '€'.repeat(2000);
    const created = await post(chief, body({ cause: long, action: long }));
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json() as ImprovementAction;
    const res = await update(chief, a.id, { ...editable(a), status: 'cumplida', verdict_note: long });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImprovementAction).verdict_note).toBe(long);
    expect((await as(ctx(), chief, { method: 'DELETE', url: `${URL}/${a.id}` })).statusCode).toBe(200);
  });
});
