import ExcelJS from 'exceljs';
import { DEFAULT_TIME_ZONE, ROLE } from '@egreso/domain';
import { buildApp } from '../../app.js';
import { setInstitutionTimeZone } from '../../lib/time.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeSheet,
  makeSubject,
  type SheetFixture,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();

/**
 * One student graded in two subjects. Subject 1 (attributes X, Y): A1 (ponderation 100, X) = 95, A2 (50, X and Y) = 80,
 * A3 (100, Y) ungraded. Subject 2 (attribute X): B1 (100) = 77.
 *   X in subject 1 = (95·100 + 80·50) / 150 = 90.0;  Y in subject 1 = 80.0;  X in subject 2 = 77.0
 *   global X = (90.0 + 77.0) / 2 = 83.5;  global Y = 80.0
 */
let sheet: SheetFixture;
let student: TestUser;
let x: number;
let y: number;
let subject2: number;
let acts: { a1: number; a2: number; a3: number; b1: number };

beforeAll(async () => {
  sheet = await makeSheet(ctx(), { students: 2 });
  student = sheet.students[0]!;
  [x, y] = sheet.attributeIds as [number, number];
  const db = ctx().database.db;
  // Coded so that the order of attributes (by code, digits as numbers: AE2 before AE10) is not the order of names.
  await db
    .updateTable('attributes')
    .set({ attribute_name: 'Ética profesional', codigo: 'AE2' })
    .where('id', '=', x)
    .execute();
  await db
    .updateTable('attributes')
    .set({ attribute_name: 'Análisis de problemas', codigo: 'AE10' })
    .where('id', '=', y)
    .execute();
  const a1 = (await makeActivity(ctx(), sheet.assignmentId, [x])).id;
  const a2 = (await makeActivity(ctx(), sheet.assignmentId, [x, y])).id;
  const a3 = (await makeActivity(ctx(), sheet.assignmentId, [y])).id;
  await db.updateTable('activities').set({ ponderation: 50, activity_name: 'Proyecto' }).where('id', '=', a2).execute();
  // Subject 2, graded by a second assignment of the same teacher to the same group.
  const s2 = await makeSubject(ctx(), { subject_name: 'Bases de datos' });
  subject2 = s2.id;
  await db
    .insertInto('subject_attributes')
    .values({ subject_id: s2.id, attribute_id: x, knowledge_level: 'M' })
    .execute();
  const assignment2 = await makeAssignment(ctx(), {
    user_id: sheet.teacher.id,
    subject_id: s2.id,
    group_id: sheet.groupId,
    period_id: sheet.periodId,
  });
  await db
    .insertInto('enrolments')
    .values(
      sheet.students.map((s) => ({
        user_id: s.id,
        subject_id: s2.id,
        semester_id: 1,
        period_id: sheet.periodId,
        status_id: 1,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  const b1 = (await makeActivity(ctx(), assignment2.id, [x])).id;
  acts = { a1, a2, a3, b1 };
  const grades = [
    { user_id: student.id, activity_id: a1, qualification: 95 },
    { user_id: student.id, activity_id: a2, qualification: 80 },
    { user_id: student.id, activity_id: b1, qualification: 77 },
    { user_id: sheet.students[1]!.id, activity_id: a1, qualification: 40 },
  ];
  const saved = await as(ctx(), sheet.teacher, {
    method: 'POST',
    url: '/api/profesor/calificar/actividades/batch',
    payload: { calificaciones: grades },
  });
  expect(saved.statusCode).toBe(200);
  const obs = await as(ctx(), sheet.teacher, {
    method: 'POST',
    url: '/api/userattribute-observations/batch',
    payload: {
      observaciones: [
        {
          user_id: student.id,
          attribute_id: x,
          subject_id: sheet.subjectId,
          observation: 'Argumenta con claridad.',
          activity_id: a1,
        },
      ],
    },
  });
  expect(obs.statusCode).toBe(200);
});

const get = (user: TestUser, url: string) => as(ctx(), user, { method: 'GET', url });

describe('the student reads their records', () => {
  it('subjects with the activities of their sheets', async () => {
    const res = await get(student, `/api/subjects/user/${student.id}`);
    expect(res.statusCode).toBe(200);
    const subjects = res.json();
    // Spanish order: 'Bases de datos' before 'Materia …'.
    expect(subjects.map((s: { id: number }) => s.id)).toEqual([subject2, sheet.subjectId]);
    const first = subjects.find((s: { id: number }) => s.id === sheet.subjectId);
    expect(first.activities.map((a: { id: number }) => a.id)).toEqual([acts.a1, acts.a2, acts.a3]);
  });

  it("their own grades through /useractivities/by-users-and-activities, and never another student's", async () => {
    const own = await as(ctx(), student, {
      method: 'POST',
      url: '/api/useractivities/by-users-and-activities',
      payload: { user_ids: [student.id], activity_ids: [acts.a1, acts.a2, acts.a3] },
    });
    expect(own.statusCode).toBe(200);
    expect(
      own.json().map((g: { activity_id: number; qualification: number }) => [g.activity_id, g.qualification]),
    ).toEqual([
      [acts.a1, 95],
      [acts.a2, 80],
    ]);
    const other = await as(ctx(), student, {
      method: 'POST',
      url: '/api/useractivities/by-users-and-activities',
      payload: { user_ids: [sheet.students[1]!.id], activity_ids: [acts.a1] },
    });
    expect(other.statusCode).toBe(403);
  });

  it('attribute ratings of a subject by code (AE2 before AE10), null when nothing is graded', async () => {
    const res = await get(student, `/api/userattributes/by-user/${student.id}?subject_id=${sheet.subjectId}`);
    expect(
      res
        .json()
        .map((r: { attribute_name: string; attributerating: number | null }) => [r.attribute_name, r.attributerating]),
    ).toEqual([
      ['Ética profesional', 90],
      ['Análisis de problemas', 80],
    ]);
    const other = await get(
      sheet.students[1]!,
      `/api/userattributes/by-user/${sheet.students[1]!.id}?subject_id=${sheet.subjectId}`,
    );
    expect(other.json().map((r: { attributerating: number | null }) => r.attributerating)).toEqual([40, null]);
  });

  it('the global report: the mean of the per-subject ratings, by code', async () => {
    const res = await get(student, `/api/reportes/alumno/${student.id}/global`);
    expect(res.json()).toEqual({
      user_id: student.id,
      atributos: [
        { attribute_id: x, atributo: 'Ética profesional', promedio: 83.5 },
        { attribute_id: y, atributo: 'Análisis de problemas', promedio: 80 },
      ],
    });
  });

  it('the dashboard: counters, averages and its activities, graded and pending', async () => {
    const body = (await get(student, `/api/alumno/${student.id}/tablero`)).json();
    expect(body.full_name).toBe(student.full_name);
    expect(body.enrolled_subjects).toBe(2);
    expect(body.graded_activities).toBe(3);
    expect(body.total_activities).toBe(4);
    // The 'Promedio por atributo' select lists them by code.
    expect(body.attributes).toEqual([
      { attribute_id: x, attribute_name: 'Ética profesional', promedio: 83.5 },
      { attribute_id: y, attribute_name: 'Análisis de problemas', promedio: 80 },
    ]);
    // A3 has no grade row yet: it is listed as pending all the same, as the grades page lists it.
    const byId = new Map(
      body.activities.map((a: { activity_id: number; qualification: number | null }) => [
        a.activity_id,
        a.qualification,
      ]),
    );
    expect(Object.fromEntries(byId)).toEqual({ [acts.a1]: 95, [acts.a2]: 80, [acts.a3]: null, [acts.b1]: 77 });
  });

  it('the attribute profile lists the grades and weights each rating is computed from', async () => {
    const body = (await get(student, `/api/alumno/${student.id}/perfil-atributos`)).json();
    const ethics = body.atributos.find((a: { attribute_id: number }) => a.attribute_id === x);
    expect(ethics.promedio).toBe(83.5);
    expect(ethics.subjects.map((s: { subject_name: string; rating: number }) => [s.subject_name, s.rating])).toEqual([
      ['Bases de datos', 77],
      [expect.any(String), 90],
    ]);
    const first = ethics.subjects[1];
    expect(
      first.activities.map((a: { activity_id: number; qualification: number; ponderation: number }) => [
        a.activity_id,
        a.qualification,
        a.ponderation,
      ]),
    ).toEqual([
      [acts.a1, 95, 100],
      [acts.a2, 80, 50],
    ]);
    expect(body.atributos.map((a: { attribute_id: number }) => a.attribute_id)).toEqual([x, y]);
  });

  it('observations of their own subjects', async () => {
    const res = await get(
      student,
      `/api/userattribute-observations/history?subject_id=${sheet.subjectId}&attribute_id=${x}&user_id=${student.id}`,
    );
    expect(
      res
        .json()
        .map((o: { observation: string; teacher_name: string; activity_name: string }) => [
          o.observation,
          o.teacher_name,
          o.activity_name,
        ]),
    ).toEqual([['Argumenta con claridad.', sheet.teacher.full_name, expect.any(String)]]);
  });

  it('the download holds every kind of record', async () => {
    const res = await get(student, `/api/alumno/${student.id}/datos`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('mis-datos.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Perfil',
      'Inscripciones',
      'Calificaciones',
      'Atributos',
      'Cálculo de atributos',
      'Observaciones',
      'Sesiones',
    ]);
    expect(book.getWorksheet('Perfil')!.getRow(2).values).toEqual([undefined, 'Nombre', student.full_name]);
    expect(book.getWorksheet('Inscripciones')!.rowCount).toBe(3);
    expect(book.getWorksheet('Calificaciones')!.rowCount).toBe(4);
    expect(book.getWorksheet('Atributos')!.rowCount).toBe(4);
    expect(book.getWorksheet('Observaciones')!.getRow(2).getCell(6).value).toBe('Argumenta con claridad.');
    expect(book.getWorksheet('Sesiones')!.rowCount).toBeGreaterThanOrEqual(1);
  });

  it('the download words the enrolment state and shows dates as the screens do, in the institution time zone', async () => {
    const db = ctx().database.db;
    const moment = '2026-11-26T04:08:00.000Z';
    await db.updateTable('users').set({ created_at: moment }).where('id', '=', student.id).execute();
    await db.updateTable('enrolments').set({ created_at: moment }).where('user_id', '=', student.id).execute();
    const read = async () => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(
        (await get(student, `/api/alumno/${student.id}/datos`)).rawPayload as unknown as ArrayBuffer,
      );
      return book;
    };
    const nbsp = (v: unknown) => String(v).replace(/\s/g, ' ');
    let book = await read();
    expect(book.getWorksheet('Perfil')!.getRow(6).values).toEqual([undefined, 'Alta', expect.any(String)]);
    expect(nbsp(book.getWorksheet('Perfil')!.getRow(6).getCell(2).value)).toBe('25 nov 2026, 10:08 p.m.');
    const enrolment = book.getWorksheet('Inscripciones')!.getRow(2);
    expect([enrolment.getCell(5).value, nbsp(enrolment.getCell(6).value)]).toEqual([
      'Inscrita',
      '25 nov 2026, 10:08 p.m.',
    ]);
    expect(String(book.getWorksheet('Sesiones')!.getRow(2).getCell(1).value)).not.toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Another institution time zone (INSTITUTION_TIME_ZONE) moves every date of the file with it.
    const tijuana = await buildApp({ database: ctx().database, timeZone: 'America/Tijuana' });
    try {
      book = await read();
      expect(nbsp(book.getWorksheet('Perfil')!.getRow(6).getCell(2).value)).toBe('25 nov 2026, 8:08 p.m.');
    } finally {
      await tijuana.close();
      setInstitutionTimeZone(DEFAULT_TIME_ZONE);
    }
  });
});

describe('ownership on every student route', () => {
  const routes = (id: number) => [
    `/api/alumno/materias-inscritas?user_id=${id}`,
    `/api/alumno/materias-disponibles?user_id=${id}&semester_id=1`,
    `/api/alumno/grupos?user_id=${id}`,
    `/api/subjects/user/${id}`,
    `/api/userattributes/by-user/${id}`,
    `/api/reportes/alumno/${id}/global`,
    `/api/alumno/${id}/tablero`,
    `/api/alumno/${id}/perfil-atributos`,
    `/api/alumno/${id}/datos`,
    `/api/userattribute-observations/history?subject_id=${sheet.subjectId}&user_id=${id}`,
  ];

  it('another student and a teacher get 403; the student, a chief and an administrator get 200', async () => {
    const other = sheet.students[1]!;
    const chief = await createUser(ctx(), ROLE.CHIEF);
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const stranger = await createUser(ctx(), ROLE.TEACHER);
    for (const url of routes(student.id)) {
      expect([url, (await get(other, url)).statusCode]).toEqual([url, 403]);
      expect([url, (await get(stranger, url)).statusCode]).toEqual([url, 403]);
      expect([url, (await get(student, url)).statusCode]).toEqual([url, 200]);
      expect([url, (await get(chief, url)).statusCode]).toEqual([url, 200]);
      expect([url, (await get(admin, url)).statusCode]).toEqual([url, 200]);
      expect([url, (await as(ctx(), null, { method: 'GET', url })).statusCode]).toEqual([url, 401]);
    }
    const grades = {
      method: 'POST' as const,
      url: '/api/useractivities/by-users-and-activities',
      payload: { user_ids: [student.id], activity_ids: [acts.a1] },
    };
    expect((await as(ctx(), other, grades)).statusCode).toBe(403);
    expect((await as(ctx(), student, grades)).statusCode).toBe(200);
  });
});

describe('attributes unused by a sheet', () => {
  it('an attribute of the subject with no linked activity reads as null', async () => {
    const extra = await makeAttribute(ctx(), { attribute_name: 'Comunicación' });
    await ctx()
      .database.db.insertInto('subject_attributes')
      .values({ subject_id: subject2, attribute_id: extra.id, knowledge_level: 'A' })
      .execute();
    const res = await get(student, `/api/userattributes/by-user/${student.id}?subject_id=${subject2}`);
    expect(
      res
        .json()
        .map((r: { attribute_name: string; attributerating: number | null }) => [r.attribute_name, r.attributerating]),
    ).toEqual([
      // AE2 first; an attribute without a code after those with one.
      ['Ética profesional', 77],
      ['Comunicación', null],
    ]);
  });
});

describe('the dashboard counts what its table lists', () => {
  it('15 activities, 11 graded (two cleared back to empty): the card and the table agree', async () => {
    const own = await makeSheet(ctx(), { students: 1 });
    const one = own.students[0]!;
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) ids.push((await makeActivity(ctx(), own.assignmentId)).id);
    const db = ctx().database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('user_activities')
      .values([
        ...ids.slice(0, 11).map((activity_id, i) => ({
          user_id: one.id,
          activity_id,
          qualification: 60 + i * 3,
          updated_by: own.teacher.id,
          updated_at: now,
        })),
        // Grades cleared by the teacher: rows without a grade.
        ...ids.slice(11, 13).map((activity_id) => ({
          user_id: one.id,
          activity_id,
          qualification: null,
          updated_by: own.teacher.id,
          updated_at: now,
        })),
      ])
      .execute();
    const body = (await get(one, `/api/alumno/${one.id}/tablero`)).json();
    expect(body.graded_activities).toBe(11);
    expect(body.total_activities).toBe(15);
    expect(body.activities).toHaveLength(15);
    const graded = body.activities.filter((a: { qualification: number | null }) => a.qualification !== null);
    expect(graded).toHaveLength(body.graded_activities);
  });

  it('a new student with 3 activities not yet graded: 0 graded of 3, the 3 listed as pending', async () => {
    const own = await makeSheet(ctx(), { students: 1 });
    const one = own.students[0]!;
    for (let i = 0; i < 3; i++) await makeActivity(ctx(), own.assignmentId);
    const body = (await get(one, `/api/alumno/${one.id}/tablero`)).json();
    expect(body.graded_activities).toBe(0);
    expect(body.total_activities).toBe(3);
    expect(body.activities.map((a: { qualification: number | null }) => a.qualification)).toEqual([null, null, null]);
  });
});
