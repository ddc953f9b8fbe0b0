import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, PEOPLE_MSG, ROLE, SCOPE_MSG } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import {
  insertGeneration,
  insertStudent,
  makeActivity,
  makeChief,
  makeSheet,
  type SheetFixture,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

/*
 * DESIGN §5 "A chief's careers", route by route: two careers (X and Y), a chief of each, a grade sheet of each (its
 * teacher and students linked to the career, one grade), and a student linked to no career. For every route a chief
 * may use, chief X's request about X succeeds and the same request about Y answers 403 or 404 and changes nothing;
 * the administrator is not limited.
 */
const ctx = useTestApp();
let admin: TestUser;
let chiefX: TestUser;
let chiefY: TestUser;
let x: SheetFixture;
let y: SheetFixture;
let loose: TestUser;
let generationId: number;
const link = { x: 0, y: 0 };

beforeAll(async () => {
  const c = ctx();
  const db = c.database.db;
  const now = nowIso();
  admin = await createUser(c, ROLE.ADMIN);
  x = await makeSheet(c, { students: 2 });
  y = await makeSheet(c, { students: 2 });
  chiefX = await makeChief(c, [x.careerId]);
  chiefY = await makeChief(c, [y.careerId]);
  loose = await createUser(c, ROLE.STUDENT, { full_name: 'Alumno Sin Carrera' });
  generationId = (await insertGeneration(c, 2031)).id;
  for (const [fixture, key] of [
    [x, 'x'],
    [y, 'y'],
  ] as const) {
    await db
      .insertInto('user_careers')
      .values(fixture.students.map((s) => ({ user_id: s.id, career_id: fixture.careerId })))
      .execute();
    const links = await db
      .insertInto('user_generations')
      .values(
        fixture.students.map((s) => ({
          user_id: s.id,
          generation_id: generationId,
          current_semester_id: 1,
          active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    link[key] = links[0]!.id;
    const activity = await makeActivity(c, fixture.assignmentId, fixture.attributeIds);
    await db
      .insertInto('user_activities')
      .values(
        fixture.students.map((s) => ({
          user_id: s.id,
          activity_id: activity.id,
          qualification: 85,
          updated_by: fixture.teacher.id,
          updated_at: now,
        })),
      )
      .execute();
  }
  await db
    .insertInto('user_generations')
    .values({
      user_id: loose.id,
      generation_id: generationId,
      current_semester_id: 1,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
});

/** Every row a chief's write could touch, to prove a refusal changed nothing. */
async function snapshot() {
  const db = ctx().database.db;
  const all = (
    t:
      | 'users'
      | 'user_careers'
      | 'user_groups'
      | 'user_generations'
      | 'professor_subjects'
      | 'attributes'
      | 'activities'
      | 'user_activities',
  ) =>
    db
      .selectFrom(t as 'users')
      .selectAll()
      .orderBy('id')
      .execute();
  return Promise.all([
    all('users'),
    all('user_careers'),
    all('user_groups'),
    all('user_generations'),
    all('professor_subjects'),
    all('attributes'),
    all('activities'),
    all('user_activities'),
  ]);
}

type Req = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

/** Chief X's request about Y is refused (403, or 404 where stated) and changes nothing. */
async function refused(req: Req, status: 403 | 404 = 403, user: TestUser = chiefX) {
  const before = await snapshot();
  const res = await as(ctx(), user, req as never);
  expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBe(status);
  expect(await snapshot()).toEqual(before);
  return res;
}

async function ok(req: Req, user: TestUser = chiefX) {
  const res = await as(ctx(), user, req as never);
  expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBeLessThan(300);
  return res;
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

async function xlsx(headers: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const fileOf = (buf: Buffer) => multipart([{ name: 'file', filename: 'personas.xlsx', content: buf }]);
async function readRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

describe('people lists and counts', () => {
  it("lists only the people of the chief's careers and those of none, in SQL pages and counts; the administrator all", async () => {
    const teachers = (await ok({ method: 'GET', url: '/api/users?role=2' })).json() as Array<{ id: number }>;
    expect(ids(teachers)).toContain(x.teacher.id);
    expect(ids(teachers)).not.toContain(y.teacher.id);
    const page = (await ok({ method: 'GET', url: '/api/users?role=3&page=1&per_page=50' })).json() as {
      data: Array<{ id: number }>;
      meta: { total: number };
    };
    expect(ids(page.data).sort()).toEqual([...ids(x.students), loose.id].sort());
    expect(page.meta.total).toBe(3);
    const searched = (
      await ok({
        method: 'GET',
        url: `/api/users?role=3&page=1&search=${encodeURIComponent(y.students[0]!.full_name)}`,
      })
    ).json() as { meta: { total: number } };
    expect(searched.meta.total).toBe(0);
    const adminPage = (await ok({ method: 'GET', url: '/api/users?role=3&page=1&per_page=50' }, admin)).json() as {
      meta: { total: number };
    };
    expect(adminPage.meta.total).toBe(5);
  });

  it('lists groups and generation links of its students only; one of another career answers 403', async () => {
    const groups = (await ok({ method: 'GET', url: '/api/usergroups' })).json() as Array<{ user_id: number }>;
    expect(groups.some((g) => g.user_id === y.students[0]!.id)).toBe(false);
    expect(groups.some((g) => g.user_id === x.students[0]!.id)).toBe(true);
    const links = (await ok({ method: 'GET', url: '/api/usergenerations' })).json() as Array<{ user_id: number }>;
    expect(links.map((l) => l.user_id).sort()).toEqual([...ids(x.students), loose.id].sort());
    await refused({ method: 'GET', url: `/api/usergroups?user_id=${y.students[0]!.id}` });
    await refused({ method: 'GET', url: `/api/usergenerations?user_id=${y.students[0]!.id}` });
    await ok({ method: 'GET', url: `/api/usergenerations?user_id=${loose.id}` });
  });

  it("lists a group's students of the chief's careers only", async () => {
    await ctx()
      .database.db.insertInto('user_groups')
      .values({ user_id: y.students[0]!.id, group_id: x.groupId })
      .execute();
    const students = (await ok({ method: 'GET', url: `/api/groups/${x.groupId}/students` })).json() as Array<{
      id: number;
    }>;
    expect(ids(students).sort()).toEqual(ids(x.students).sort());
    const all = (await ok({ method: 'GET', url: `/api/groups/${x.groupId}/students` }, admin)).json() as Array<{
      id: number;
    }>;
    expect(ids(all)).toContain(y.students[0]!.id);
    await ctx()
      .database.db.deleteFrom('user_groups')
      .where('user_id', '=', y.students[0]!.id)
      .where('group_id', '=', x.groupId)
      .execute();
  });
});

describe('one person: show, edit, password reset, delete, status, groups and generation links', () => {
  it('reads a person of its careers or of none, and refuses one of another career', async () => {
    await ok({ method: 'GET', url: `/api/users/${x.teacher.id}` });
    await ok({ method: 'GET', url: `/api/users/${loose.id}` });
    const res = await refused({ method: 'GET', url: `/api/users/${y.teacher.id}` });
    expect(res.json().message).toBe(SCOPE_MSG.person);
    await ok({ method: 'GET', url: `/api/users/${y.teacher.id}` }, admin);
  });

  it("shows a teacher of two careers with the assignments of the chief's careers only", async () => {
    const db = ctx().database.db;
    await db.insertInto('user_careers').values({ user_id: y.teacher.id, career_id: x.careerId }).execute();
    const seen = (await ok({ method: 'GET', url: `/api/users/${y.teacher.id}` })).json() as {
      professor_subjects: Array<{ id: number }>;
    };
    expect(seen.professor_subjects).toEqual([]);
    const all = (await ok({ method: 'GET', url: `/api/users/${y.teacher.id}` }, admin)).json() as {
      professor_subjects: Array<{ id: number }>;
    };
    expect(ids(all.professor_subjects)).toEqual([y.assignmentId]);
    await db
      .deleteFrom('user_careers')
      .where('user_id', '=', y.teacher.id)
      .where('career_id', '=', x.careerId)
      .execute();
  });

  it('edits and resets the password of its own people only; a career of another chief cannot be given', async () => {
    const t = x.teacher;
    await ok({ method: 'PUT', url: `/api/users/${t.id}`, payload: { full_name: t.full_name, email: t.email } });
    await refused({
      method: 'PUT',
      url: `/api/users/${y.teacher.id}`,
      payload: { full_name: 'Otro Nombre', email: y.teacher.email },
    });
    await refused({
      method: 'PUT',
      url: `/api/users/${y.teacher.id}`,
      payload: { full_name: y.teacher.full_name, email: y.teacher.email, password: 'nueva-clave-1' },
    });
    await refused({
      method: 'PUT',
      url: `/api/users/${t.id}`,
      payload: { full_name: t.full_name, email: t.email, career_id: y.careerId },
    });
  });

  it("a person of two careers is the administrator's: a chief's edit is refused and changes nothing", async () => {
    const db = ctx().database.db;
    const both = await createUser(ctx(), ROLE.TEACHER);
    await db
      .insertInto('user_careers')
      .values([
        { user_id: both.id, career_id: x.careerId },
        { user_id: both.id, career_id: y.careerId },
      ])
      .execute();
    const res = await refused({
      method: 'PUT',
      url: `/api/users/${both.id}`,
      payload: { full_name: 'Otro Nombre', email: both.email, career_id: x.careerId },
    });
    expect(res.json().message).toBe(MSG.personNotOwned);
    const careers = await db
      .selectFrom('user_careers')
      .select('career_id')
      .where('user_id', '=', both.id)
      .orderBy('career_id')
      .execute();
    expect(careers.map((c) => c.career_id)).toEqual([x.careerId, y.careerId].sort((a, b) => a - b));
  });

  it("creates people in its career (the one named, or its own), never in another chief's", async () => {
    const body = (n: number, extra: Record<string, unknown> = {}) => ({
      full_name: `Docente Nuevo ${n}`,
      controlnumber: `DN${n}`,
      email: `docente.nuevo${n}@test.mx`,
      gender: 1,
      role: 2,
      ...extra,
    });
    const named = (await ok({ method: 'POST', url: '/api/users', payload: body(1, { career_id: x.careerId }) })).json();
    expect(named.user_careers.map((c: { career_id: number }) => c.career_id)).toEqual([x.careerId]);
    const unnamed = (await ok({ method: 'POST', url: '/api/users', payload: body(2) })).json();
    expect(unnamed.user_careers.map((c: { career_id: number }) => c.career_id)).toEqual([x.careerId]);
    await refused({ method: 'POST', url: '/api/users', payload: body(3, { career_id: y.careerId }) });
    // A chief of two careers who names none: the person is linked to both.
    const two = await makeChief(ctx(), [x.careerId, y.careerId]);
    const shared = (await ok({ method: 'POST', url: '/api/users', payload: body(4) }, two)).json();
    expect(shared.user_careers.map((c: { career_id: number }) => c.career_id).sort()).toEqual(
      [x.careerId, y.careerId].sort(),
    );
    // Deleting: its own new person goes, another career's person stays.
    await ok({ method: 'DELETE', url: `/api/users/${named.id}` });
    const other = (await ok({ method: 'POST', url: '/api/users', payload: body(5) }, chiefY)).json();
    await refused({ method: 'DELETE', url: `/api/users/${other.id}` });
  });

  it('changes status, groups and generation links of its students only', async () => {
    const sx = x.students[1]!.id;
    const sy = y.students[1]!.id;
    await ok({ method: 'PUT', url: `/api/students/${sx}/status`, payload: { active: 1 } });
    await refused({ method: 'PUT', url: `/api/students/${sy}/status`, payload: { active: 0 } });
    await refused({ method: 'POST', url: '/api/usergroups', payload: { user_id: sy, group_id: x.groupId } });
    await refused({ method: 'DELETE', url: `/api/usergroups/clear/${sy}` });
    await refused({
      method: 'POST',
      url: '/api/usergenerations',
      payload: { user_id: sy, generation_id: generationId, current_semester_id: 2, active: 1 },
    });
    await refused({
      method: 'PUT',
      url: `/api/usergenerations/${link.y}`,
      payload: { generation_id: generationId, active: 0 },
    });
    await ok({
      method: 'PUT',
      url: `/api/usergenerations/${link.x}`,
      payload: { generation_id: generationId, active: 1 },
    });
    await ok(
      { method: 'PUT', url: `/api/usergenerations/${link.y}`, payload: { generation_id: generationId, active: 1 } },
      admin,
    );
  });

  it('leaves the status, groups and generation links of a student of no career to the administrator', async () => {
    const changes: Req[] = [
      { method: 'POST', url: '/api/usergroups', payload: { user_id: loose.id, group_id: x.groupId } },
      { method: 'DELETE', url: `/api/usergroups/clear/${loose.id}` },
      {
        method: 'POST',
        url: '/api/usergenerations',
        payload: { user_id: loose.id, generation_id: generationId, current_semester_id: 1, active: 1 },
      },
    ];
    for (const req of changes) {
      const res = await refused(req);
      expect(res.json().message).toBe(MSG.personNotOwned);
    }
    const created = await ok(changes[2]!, admin);
    const linkId = (created.json() as { id: number }).id;
    for (const req of [
      { method: 'PUT', url: `/api/students/${loose.id}/status`, payload: { active: 0 } },
      { method: 'PUT', url: `/api/usergenerations/${linkId}`, payload: { generation_id: generationId, active: 0 } },
    ] as Req[]) {
      expect((await refused(req)).json().message).toBe(MSG.personNotOwned);
    }
    await ok({ method: 'PUT', url: `/api/students/${loose.id}/status`, payload: { active: 1 } }, admin);
  });

  it('reads the student area of its students only', async () => {
    await ok({ method: 'GET', url: `/api/alumno/${x.students[0]!.id}/tablero` });
    await refused({ method: 'GET', url: `/api/alumno/${y.students[0]!.id}/tablero` });
    await refused({ method: 'GET', url: `/api/reportes/alumno/${y.students[0]!.id}/global` });
    await refused({ method: 'GET', url: `/api/userattributes/by-user/${y.students[0]!.id}` });
    await refused({
      method: 'GET',
      url: `/api/userattribute-observations/history?user_id=${y.students[0]!.id}&subject_id=${y.subjectId}&attribute_id=${y.attributeIds[0]}`,
    });
  });
});

describe('the semester advance', () => {
  it("advances the active students of the chief's careers only", async () => {
    const db = ctx().database.db;
    const semesters = async () =>
      new Map(
        (await db.selectFrom('user_generations').select(['user_id', 'current_semester_id']).execute()).map((r) => [
          r.user_id,
          r.current_semester_id,
        ]),
      );
    const before = await semesters();
    const res = (await ok({ method: 'POST', url: '/api/students/advance-semester', payload: {} })).json();
    expect(res.advanced).toBe(2);
    const after = await semesters();
    for (const s of x.students) expect(after.get(s.id)).toBe(before.get(s.id)! + 1);
    for (const s of [...y.students, loose]) expect(after.get(s.id)).toBe(before.get(s.id));
  });

  it('leaves a student of two careers with different chiefs to the administrator, and says so', async () => {
    const c = ctx();
    const db = c.database.db;
    const shared = await insertStudent(c, { full_name: 'Alumna De Dos Carreras', generationId, semester: 3 });
    await db
      .insertInto('user_careers')
      .values([
        { user_id: shared.id, career_id: x.careerId },
        { user_id: shared.id, career_id: y.careerId },
      ])
      .execute();
    const semesterOf = async () =>
      (
        await db
          .selectFrom('user_generations')
          .select('current_semester_id')
          .where('user_id', '=', shared.id)
          .executeTakeFirstOrThrow()
      ).current_semester_id;
    for (const chief of [chiefX, chiefY]) {
      const res = await as(c, chief, { method: 'POST', url: '/api/students/advance-semester', payload: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json().errors).toContainEqual({ user_id: shared.id, reason: PEOPLE_MSG.advanceSharedStudent });
    }
    expect(await semesterOf()).toBe(3);
    const byAdmin = await as(c, admin, { method: 'POST', url: '/api/students/advance-semester', payload: {} });
    expect(byAdmin.json().errors).toEqual([]);
    expect(await semesterOf()).toBe(4);
  });
});

describe('spreadsheets of people', () => {
  const TEACHER_HEADERS = ['Nombre completo', 'Número de empleado', 'Correo', 'Género'];

  it("exports the chief's careers' people only", async () => {
    const teachers = await readRows((await ok({ method: 'GET', url: '/api/teachers/export' })).rawPayload);
    expect(teachers.some((r) => r[0] === x.teacher.full_name)).toBe(true);
    expect(teachers.some((r) => r[0] === y.teacher.full_name)).toBe(false);
    const students = await readRows((await ok({ method: 'GET', url: '/api/students/export' })).rawPayload);
    expect(students.some((r) => r[0] === y.students[0]!.full_name)).toBe(false);
    expect(students.some((r) => r[0] === loose.full_name)).toBe(true);
  });

  it("imports: a row of another career's person is an error row (preview, apply and the error file), new people join the chief's career", async () => {
    const db = ctx().database.db;
    const yRow = await db
      .selectFrom('users')
      .select(['controlnumber', 'email'])
      .where('id', '=', y.teacher.id)
      .executeTakeFirstOrThrow();
    const file = await xlsx(TEACHER_HEADERS, [
      ['Nombre Cambiado', yRow.controlnumber!, yRow.email, 'Hombre'],
      ['Docente Importado', 'IMP-1', 'docente.importado@test.mx', 'Mujer'],
    ]);
    const preview = (await ok({ method: 'POST', url: '/api/teachers/import?dry_run=1', ...fileOf(file) })).json();
    expect(preview.rows[0]).toMatchObject({ status: 'error', error: SCOPE_MSG.importRow });
    const errors = await readRows(
      (await ok({ method: 'POST', url: '/api/teachers/import/errors', ...fileOf(file) })).rawPayload,
    );
    expect(errors[1]).toEqual([...['Nombre Cambiado', yRow.controlnumber!, yRow.email, 'Hombre'], SCOPE_MSG.importRow]);
    const result = (await ok({ method: 'POST', url: '/api/teachers/import', ...fileOf(file) })).json();
    expect(result).toMatchObject({ inserted: 1, errors: [{ row: 2, error: SCOPE_MSG.importRow }] });
    expect(
      (await db.selectFrom('users').select('full_name').where('id', '=', y.teacher.id).executeTakeFirstOrThrow())
        .full_name,
    ).toBe(y.teacher.full_name);
    const created = await db
      .selectFrom('users')
      .innerJoin('user_careers', 'user_careers.user_id', 'users.id')
      .select('career_id')
      .where('controlnumber', '=', 'IMP-1')
      .execute();
    expect(created.map((c) => c.career_id)).toEqual([x.careerId]);
    await refused({ method: 'POST', url: `/api/teachers/import?career_id=${y.careerId}`, ...fileOf(file) });
  });
});

describe('grade sheets, activities, rubrics, group reports and grade history', () => {
  it('reads the sheets of its careers only', async () => {
    await ok({ method: 'GET', url: `/api/grade-sheets/${x.assignmentId}` });
    const res = await refused({ method: 'GET', url: `/api/grade-sheets/${y.assignmentId}` });
    expect(res.json().message).toBe(SCOPE_MSG.sheet);
    await ok({ method: 'GET', url: `/api/grade-sheets/${y.assignmentId}` }, admin);
    await refused({ method: 'GET', url: `/api/subjects/${y.subjectId}/enrolled-students?group_id=${y.groupId}` });
    await refused({ method: 'GET', url: `/api/grades/groups/${y.groupId}/subjects/${y.subjectId}/finals` });
    await refused({ method: 'GET', url: `/api/userattributes?subject_id=${y.subjectId}&group_id=${y.groupId}` });
    await refused({ method: 'GET', url: `/api/ratings/export?subject_id=${y.subjectId}&group_id=${y.groupId}` });
    await refused({ method: 'GET', url: `/api/activities?professor_subject_id=${y.assignmentId}` });
    const mine = (await ok({ method: 'GET', url: `/api/activities/by-professor/${y.teacher.id}` })).json();
    expect(mine).toEqual([]);
    await refused({ method: 'GET', url: `/api/grade-history?professor_subject_id=${y.assignmentId}` });
    await refused({ method: 'GET', url: `/api/profesor/materia/${y.assignmentId}/rubrica` });
    await ok({ method: 'GET', url: `/api/reportes/grupo?subject_id=${x.subjectId}&group_id=${x.groupId}` });
    await refused({ method: 'GET', url: `/api/reportes/grupo?subject_id=${y.subjectId}&group_id=${y.groupId}` }, 404);
  });

  it('lists, creates and deletes the assignments of its careers only', async () => {
    const list = (await ok({ method: 'GET', url: '/api/professorsubjects' })).json() as Array<{ id: number }>;
    expect(ids(list)).toContain(x.assignmentId);
    expect(ids(list)).not.toContain(y.assignmentId);
    await refused({ method: 'DELETE', url: `/api/professorsubjects/${y.assignmentId}` });
    await refused({
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${y.teacher.id}`,
      payload: { rows: [{ subject_id: y.subjectId, group_id: y.groupId }] },
    });
    await refused({ method: 'DELETE', url: `/api/professorsubjects/by-professor/${y.teacher.id}` });
    await refused({
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: y.teacher.id, subject_id: y.subjectId, group_id: y.groupId },
    });
    await refused({
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: x.teacher.id, subject_id: x.subjectId, group_id: x.groupId, career_id: y.careerId },
    });
  });

  it('writes the attributes of its careers (and those of none) only', async () => {
    const [attribute] = await ctx()
      .database.db.selectFrom('attributes')
      .select(['id', 'attribute_name', 'career_id'])
      .where('id', '=', y.attributeIds[0]!)
      .execute();
    await refused({
      method: 'PUT',
      url: `/api/attributes/${attribute!.id}`,
      payload: { attribute_name: 'Cambiado', description: 'Otra', career_id: y.careerId },
    });
    await refused({ method: 'DELETE', url: `/api/attributes/${attribute!.id}` });
    await refused({
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'Nuevo de otra carrera', description: 'Otra', career_id: y.careerId },
    });
  });
});

describe('division report, evidence and targets', () => {
  it("answers the chief's careers and refuses another one", async () => {
    const records = (
      await ok({ method: 'GET', url: `/api/reportes/flex?generation_id=${generationId}` })
    ).json() as Array<{ user: { id: number }; attribute_id: number }>;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => x.attributeIds.includes(r.attribute_id) && ids(x.students).includes(r.user.id))).toBe(
      true,
    );
    await refused({ method: 'GET', url: `/api/reportes/flex?generation_id=${generationId}&career_id=${y.careerId}` });
    await refused({
      method: 'GET',
      url: `/api/reportes/flex/export?generation_id=${generationId}&career_id=${y.careerId}`,
    });
    await refused({
      method: 'GET',
      url: `/api/reportes/evidencia?career_id=${y.careerId}&generation_id=${generationId}`,
    });
    const adminY = (
      await ok(
        { method: 'GET', url: `/api/reportes/flex?generation_id=${generationId}&career_id=${y.careerId}` },
        admin,
      )
    ).json() as Array<{ attribute_id: number }>;
    expect(adminY.every((r) => y.attributeIds.includes(r.attribute_id))).toBe(true);
    expect(adminY.length).toBeGreaterThan(0);
  });
});
