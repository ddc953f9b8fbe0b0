import ExcelJS from 'exceljs';
import { GRADE_MSG, ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/time.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import {
  insertStudent,
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeChief,
  makeGeneration,
  makeGroup,
  makePeriod,
  makeSheet,
  makeSubject,
  makeTeacher,
  type SheetFixture,
} from '../../test/factories.js';
import { listStudentSubjects } from '../student/index.js';
import { moveMembers } from '../users/index.js';
import { sheetMemberships } from '../sheets/index.js';

/*
 * A past period's sheet after the semester advance: its students have moved from group 201 to group 301, and the
 * sheet, the teacher's group report, the spreadsheets and the observations still hold the students it graded, with
 * the same figures as the chief's division report.
 */

const ctx = useTestApp();
let chief: TestUser;
let teacher: TestUser;
let ids: {
  generation: number;
  past: number;
  subject: number;
  g201: number;
  ae1: number;
  ae2: number;
  act1: number;
  act2: number;
  assignment: number;
};
type Student = Awaited<ReturnType<typeof insertStudent>>;
/** s1-s3 graded, s4 enrolled but never graded (all four advanced); s5 joined 201 afterwards, not enrolled. */
let s: Student[];
let dashboard: SheetFixture;

beforeAll(async () => {
  const db = ctx().database.db;
  const career = await makeCareer(ctx());
  chief = await makeChief(ctx(), [career.id]);
  teacher = await makeTeacher(ctx(), [career.id]);
  await makePeriod(ctx(), { is_active: 1, start_date: '2026-08-01', end_date: '2026-12-15' });
  const past = await makePeriod(ctx(), {
    period_name: 'ENE-JUN 2026',
    start_date: '2026-01-20',
    end_date: '2026-06-10',
  });
  const generation = await makeGeneration(ctx(), '2025-08-01');
  const ae1 = await makeAttribute(ctx(), { attribute_name: 'Analizar problemas', career_id: career.id });
  const ae2 = await makeAttribute(ctx(), { attribute_name: 'Diseñar soluciones', career_id: career.id });
  const subject = await makeSubject(ctx(), { careers: [career.id], attributes: [ae1.id, ae2.id], semesters: [2] });
  const g201 = await makeGroup(ctx(), { group_name: `201-${Date.now() % 1000}`, semester_id: 2 });
  const g301 = await makeGroup(ctx(), { group_name: `301-${Date.now() % 1000}`, semester_id: 3 });
  s = [];
  for (const [i, name] of ['Ana Uno', 'Beto Dos', 'Carla Tres', 'Dora Cuatro'].entries()) {
    s.push(
      await insertStudent(ctx(), {
        full_name: name,
        controlnumber: `P2501${i + 1}`,
        groupIds: [g201.id],
        generationId: generation.id,
        gender: i % 2 ? 2 : 1,
      }),
    );
  }
  await db
    .insertInto('user_careers')
    .values(s.map((st) => ({ user_id: st.id, career_id: career.id })))
    .execute();
  await db
    .insertInto('enrolments')
    .values(
      s.map((st) => ({
        user_id: st.id,
        subject_id: subject.id,
        semester_id: 2,
        period_id: past.id,
        status_id: 1,
        created_at: nowIso(),
      })),
    )
    .execute();
  const assignment = await makeAssignment(ctx(), {
    user_id: teacher.id,
    subject_id: subject.id,
    group_id: g201.id,
    period_id: past.id,
    career_id: career.id,
  });
  const act1 = await makeActivity(ctx(), assignment.id, [ae1.id]);
  const act2 = await makeActivity(ctx(), assignment.id, [ae2.id]);
  const grades: Array<[number, number, number]> = [
    [s[0]!.id, act1.id, 95],
    [s[0]!.id, act2.id, 80],
    [s[1]!.id, act1.id, 75],
    [s[1]!.id, act2.id, 60],
    [s[2]!.id, act1.id, 50],
  ];
  await db
    .insertInto('user_activities')
    .values(
      grades.map(([user_id, activity_id, qualification]) => ({
        user_id,
        activity_id,
        qualification,
        updated_by: teacher.id,
        updated_at: nowIso(),
      })),
    )
    .execute();
  // The semester advance: the generation moves from 201 to 301; a new student, not enrolled, joins 201.
  await moveMembers(
    db,
    g201.id,
    g301.id,
    s.map((st) => st.id),
  );
  s.push(await insertStudent(ctx(), { full_name: 'Eva Cinco', controlnumber: 'P25015', groupIds: [g201.id] }));
  ids = {
    generation: generation.id,
    past: past.id,
    subject: subject.id,
    g201: g201.id,
    ae1: ae1.id,
    ae2: ae2.id,
    act1: act1.id,
    act2: act2.id,
    assignment: assignment.id,
  };

  // The active period's sheet of another teacher, one of whose graded students changed group mid-period.
  dashboard = await makeSheet(ctx(), { students: 3 });
  const act = await makeActivity(ctx(), dashboard.assignmentId);
  await db
    .insertInto('user_activities')
    .values({
      user_id: dashboard.students[0]!.id,
      activity_id: act.id,
      qualification: 88,
      updated_by: dashboard.teacher.id,
      updated_at: nowIso(),
    })
    .execute();
  const elsewhere = await makeGroup(ctx());
  await moveMembers(db, dashboard.groupId, elsewhere.id, [dashboard.students[0]!.id]);
});

const graded = () => [s[0]!, s[1]!, s[2]!];
const names = (list: Array<{ full_name: string }>) => list.map((x) => x.full_name);
const reportUrl = (path = '') =>
  `/api/reportes/grupo${path}?subject_id=${ids.subject}&group_id=${ids.g201}&period_id=${ids.past}`;
const sheetQuery = () => `group_id=${ids.g201}&subject_id=${ids.subject}&period_id=${ids.past}`;

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('a past sheet after its students advance', () => {
  it('keeps the students it graded on the grid, with their grades; not the enrolled but ungraded ones who left', async () => {
    const res = await as(ctx(), teacher, { method: 'GET', url: `/api/grade-sheets/${ids.assignment}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body.students)).toEqual(names(graded()));
    expect(body.grades).toHaveLength(5);
    expect(body.finals.map((f: { final: number | null }) => f.final)).toEqual([87.5, 67.5, 50]);
    const enrolled = await as(ctx(), teacher, {
      method: 'GET',
      url: `/api/subjects/${ids.subject}/enrolled-students?group_id=${ids.g201}&period_id=${ids.past}`,
    });
    expect(names(enrolled.json())).toEqual(names(graded()));
  });

  it("shows the teacher's group report with the same bands and students as the chief's division report", async () => {
    const res = await as(ctx(), teacher, { method: 'GET', url: reportUrl() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body.alumnos)).toEqual(names(graded()));
    // AE1: 95 / 75 / 50; AE2: 80 / 60.
    const bands = body.atributos.map(
      (a: { attribute_id: number; sobresaliente: number; suficiente: number; insuficiente: number }) => [
        a.attribute_id,
        a.sobresaliente,
        a.suficiente,
        a.insuficiente,
      ],
    );
    expect(bands).toEqual([
      [ids.ae1, 1, 1, 1],
      [ids.ae2, 0, 1, 1],
    ]);
    const flex = await as(ctx(), chief, {
      method: 'GET',
      url: `/api/reportes/flex?generation_id=${ids.generation}&subject_id=${ids.subject}&period_id=${ids.past}`,
    });
    expect(flex.statusCode).toBe(200);
    const records: Array<{ attribute_id: number; attributerating: number; user: { id: number } }> = flex.json();
    expect(records).toHaveLength(5);
    const band = (r: number) => (r >= 90 ? 1 : r >= 70 ? 2 : 3);
    expect(
      [ids.ae1, ids.ae2].map((a) => {
        const of = records.filter((r) => r.attribute_id === a);
        return [a, ...[1, 2, 3].map((b) => of.filter((r) => band(r.attributerating) === b).length)];
      }),
    ).toEqual(bands);
    expect(new Set(records.map((r) => r.user.id))).toEqual(new Set(body.alumnos.map((a: { id: number }) => a.id)));

    const one = await as(ctx(), teacher, { method: 'GET', url: `${reportUrl('/alumno')}&user_id=${s[0]!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().atributos.map((a: { promedio: number | null }) => a.promedio)).toEqual([95, 80]);
    // Eva is in group 201 now, but neither enrolled nor graded in the past sheet.
    expect(
      (await as(ctx(), teacher, { method: 'GET', url: `${reportUrl('/alumno')}&user_id=${s[4]!.id}` })).statusCode,
    ).toBe(404);
  });

  it('exports the grades of the students it graded and imports onto them, refusing the others by row', async () => {
    const exported = await as(ctx(), teacher, { method: 'GET', url: `/api/ratings/export?${sheetQuery()}` });
    expect(exported.statusCode).toBe(200);
    const rows = await readXlsx(exported.rawPayload);
    expect(rows.slice(1)).toEqual([
      ['P25011', 'Ana Uno', 95, 80, 87.5],
      ['P25012', 'Beto Dos', 75, 60, 67.5],
      ['P25013', 'Carla Tres', 50, null, 50].map((v) => v ?? undefined),
    ]);
    const template = await readXlsx(
      (await as(ctx(), teacher, { method: 'GET', url: `/api/ratings/template?${sheetQuery()}` })).rawPayload,
    );
    expect(template.slice(1).map((r) => r[0])).toEqual(['P25011', 'P25012', 'P25013']);

    const [h1, h2] = rows[0]!.slice(2, 4) as string[];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Hoja1');
    for (const r of [
      ['Matrícula', 'Nombre', h1, h2],
      ['P25013', 'Carla Tres', null, 88],
      ['P25014', 'Dora Cuatro', 70, null],
      ['P25015', 'Eva Cinco', 70, null],
    ])
      ws.addRow(r);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await as(ctx(), teacher, {
      method: 'POST',
      url: '/api/ratings/import',
      ...multipart([
        { name: 'file', filename: 'calificaciones.xlsx', content: file },
        { name: 'group_id', value: String(ids.g201) },
        { name: 'subject_id', value: String(ids.subject) },
        { name: 'period_id', value: String(ids.past) },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inserted: 1,
      updated: 0,
      errors: [
        { row: 3, error: GRADE_MSG.unknownStudent('P25014') },
        { row: 4, error: GRADE_MSG.unknownStudent('P25015') },
      ],
    });
    const stored = await ctx()
      .database.db.selectFrom('user_activities')
      .select('qualification')
      .where('user_id', '=', s[2]!.id)
      .where('activity_id', '=', ids.act2)
      .executeTakeFirstOrThrow();
    expect(Number(stored.qualification)).toBe(88);
  });

  it('lets the teacher read the observations of a student the sheet graded', async () => {
    const url = `/api/userattribute-observations/history?subject_id=${ids.subject}&user_id=${s[0]!.id}`;
    expect((await as(ctx(), teacher, { method: 'GET', url })).statusCode).toBe(200);
    const other = await createUser(ctx(), ROLE.TEACHER);
    expect((await as(ctx(), other, { method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('sheetMemberships', () => {
  it('answers for a full save of distinct students (read in slices)', async () => {
    const asked = [...Array.from({ length: 4998 }, (_, i) => 1_000_000 + i), s[0]!.id, s[4]!.id];
    expect(await sheetMemberships(ctx().database.db, [ids.assignment], asked)).toEqual(
      new Set([`${ids.assignment}:${s[0]!.id}`]),
    );
  });
});

describe("the student's subjects", () => {
  it('still list the activities of the past sheet that graded them', async () => {
    const subjects = await listStudentSubjects(ctx().database.db, s[0]!.id);
    expect(subjects.find((x) => x.id === ids.subject)?.activities.map((a) => a.id)).toEqual([ids.act1, ids.act2]);
  });
});

describe('the teacher dashboard', () => {
  it('still counts a graded student who changed group during the period', async () => {
    const res = await as(ctx(), dashboard.teacher, {
      method: 'GET',
      url: `/api/profesor/dashboard?career_id=${dashboard.careerId}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cards).toEqual({ students: 3, activities: 1, subjects: 1 });
    expect(body.pendientes.map((p: { students: number; graded: number }) => [p.students, p.graded])).toEqual([[3, 1]]);
  });
});
