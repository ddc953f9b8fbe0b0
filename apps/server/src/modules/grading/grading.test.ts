import { GRADE_MSG, ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { makeChief, makeSheet, type SheetFixture, makePeriod } from '../../test/factories.js';

const ctx = useTestApp();
let sheet: SheetFixture;
let other: SheetFixture;
let admin: TestUser;
let chief: TestUser;
let strangerChief: TestUser;
let a1: number; // ponderation 30, attribute 0
let a2: number; // ponderation 70, attributes 0 and 1

const save = (user: TestUser, calificaciones: unknown[]) =>
  as(ctx(), user, { method: 'POST', url: '/api/profesor/calificar/actividades/batch', payload: { calificaciones } });

const storedGrades = async (activityIds: number[]) =>
  (
    await ctx()
      .database.db.selectFrom('user_activities')
      .select(['user_id', 'activity_id', 'qualification', 'version'])
      .where('activity_id', 'in', activityIds)
      .orderBy('user_id')
      .orderBy('activity_id')
      .execute()
  ).map((r) => ({
    ...r,
    qualification: r.qualification === null ? null : Number(r.qualification),
    version: Number(r.version),
  }));

beforeAll(async () => {
  sheet = await makeSheet(ctx(), { students: 3 });
  other = await makeSheet(ctx(), { students: 1 });
  admin = await createUser(ctx(), ROLE.ADMIN);
  chief = await makeChief(ctx(), [sheet.careerId]);
  strangerChief = await makeChief(ctx(), [other.careerId]);
  const res = await as(ctx(), sheet.teacher, {
    method: 'POST',
    url: '/api/activities/bulk-upsert',
    payload: {
      professor_subject_id: sheet.assignmentId,
      activities: [
        { activity_name: 'Examen', ponderation: 30, attribute_ids: [sheet.attributeIds[0]] },
        { activity_name: 'Proyecto', ponderation: 70, attribute_ids: sheet.attributeIds },
      ],
    },
  });
  [a1, a2] = res.json().activities.map((a: { id: number }) => a.id);
});

describe('POST /profesor/calificar/actividades/batch', () => {
  it('writes nothing when one row is invalid, and names the row', async () => {
    const [s1, s2] = sheet.students;
    const outsider = other.students[0]!;
    const res = await save(sheet.teacher, [
      { user_id: s1!.id, activity_id: a1, qualification: 90 },
      { user_id: outsider.id, activity_id: a1, qualification: 80 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['calificaciones.1.user_id']).toEqual([GRADE_MSG.notOnSheet]);
    expect(res.json().message).toBe(`Fila 2: ${GRADE_MSG.notOnSheet}`);
    const range = await save(sheet.teacher, [
      { user_id: s1!.id, activity_id: a1, qualification: 90 },
      { user_id: s2!.id, activity_id: a1, qualification: 101 },
    ]);
    expect(range.statusCode).toBe(422);
    expect(Object.keys(range.json().errors)).toEqual(['calificaciones.1.qualification']);
    const dup = await save(sheet.teacher, [
      { user_id: s1!.id, activity_id: a1, qualification: 90 },
      { user_id: s1!.id, activity_id: a1, qualification: 91 },
    ]);
    expect(dup.statusCode).toBe(422);
    expect(await storedGrades([a1, a2])).toEqual([]);
    expect(
      await ctx().database.db.selectFrom('grade_history').select('id').where('activity_id', 'in', [a1, a2]).execute(),
    ).toEqual([]);
  });

  it('answers 403 to another teacher, a chief, an administrator and a student, writing nothing', async () => {
    const row = [{ user_id: sheet.students[0]!.id, activity_id: a1, qualification: 90 }];
    for (const user of [other.teacher, chief, admin, sheet.students[0]!])
      expect((await save(user, row)).statusCode).toBe(403);
    expect(await storedGrades([a1, a2])).toEqual([]);
  });

  it("saves only filled grades, records each change in the history (source 'pantalla') and answers the new versions", async () => {
    const [s1, s2] = sheet.students;
    const res = await save(sheet.teacher, [
      { user_id: s1!.id, activity_id: a1, qualification: 80, version: 0 },
      { user_id: s1!.id, activity_id: a2, qualification: 90, version: 0 },
      { user_id: s2!.id, activity_id: a1, qualification: 65.5 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: GRADE_MSG.saved, unchanged: 0, conflicts: [] });
    expect(res.json().saved.map((s: { version: number }) => s.version)).toEqual([1, 1, 1]);
    const history = await ctx()
      .database.db.selectFrom('grade_history')
      .select(['user_id', 'activity_id', 'before', 'after', 'source', 'changed_by'])
      .where('activity_id', 'in', [a1, a2])
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.user_id, h.activity_id, h.before, Number(h.after), h.source, h.changed_by])).toEqual([
      [s1!.id, a1, null, 80, 'pantalla', sheet.teacher.id],
      [s1!.id, a2, null, 90, 'pantalla', sheet.teacher.id],
      [s2!.id, a1, null, 65.5, 'pantalla', sheet.teacher.id],
    ]);
    // Sending the stored value again is a no-op, not a change.
    const again = await save(sheet.teacher, [{ user_id: s1!.id, activity_id: a1, qualification: 80, version: 1 }]);
    expect(again.json()).toMatchObject({ saved: [], unchanged: 1, conflicts: [] });
  });

  it('does not overwrite a grade changed since the grid showed it: that cell comes back as a conflict, the rest is saved', async () => {
    const [s1, s2, s3] = sheet.students;
    // Another tab changes s1/a1 from version 1 to version 2.
    expect(
      (await save(sheet.teacher, [{ user_id: s1!.id, activity_id: a1, qualification: 85, version: 1 }])).json().saved[0]
        .version,
    ).toBe(2);
    const res = await save(sheet.teacher, [
      { user_id: s1!.id, activity_id: a1, qualification: 70, version: 1 },
      { user_id: s3!.id, activity_id: a1, qualification: 100, version: 0 },
      { user_id: s2!.id, activity_id: a2, qualification: 50, version: 0 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(GRADE_MSG.someNotSaved);
    expect(body.conflicts).toEqual([
      {
        user_id: s1!.id,
        activity_id: a1,
        qualification: 85,
        version: 2,
        changed_by: { id: sheet.teacher.id, full_name: sheet.teacher.full_name },
        changed_at: expect.any(String),
      },
    ]);
    expect(body.saved.map((s: { user_id: number }) => s.user_id)).toEqual([s3!.id, s2!.id]);
    const stored = await storedGrades([a1]);
    expect(stored.find((g) => g.user_id === s1!.id)).toMatchObject({ qualification: 85, version: 2 });
    expect(stored.find((g) => g.user_id === s3!.id)).toMatchObject({ qualification: 100, version: 1 });
  });

  it('refuses writes in a closed period with 409', async () => {
    const closed = await makePeriod(ctx(), { status: 'closed' });
    const old = await makeSheet(ctx(), { periodId: closed.id, students: 1 });
    const act = await ctx()
      .database.db.insertInto('activities')
      .values({
        professor_subject_id: old.assignmentId,
        activity_name: 'Vieja',
        type_activity: null,
        evaluation_instrument: null,
        ponderation: 100,
        created_at: '2030-01-01T00:00:00.000Z',
        updated_at: '2030-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await save(old.teacher, [{ user_id: old.students[0]!.id, activity_id: act.id, qualification: 90 }]);
    expect(res.statusCode).toBe(409);
    expect(await storedGrades([act.id])).toEqual([]);
  });
});

describe('reading a sheet', () => {
  // Stored now: s1 a1=85 a2=90; s2 a1=65.5 a2=50; s3 a1=100.
  // Finals (30/70): s1 (85·30 + 90·70)/100 = 88.5; s2 (65.5·30 + 50·70)/100 = 54.65 → 54.7; s3 100.
  // Attribute 0 (a1, a2): same as the finals. Attribute 1 (a2 only): s1 90, s2 50, s3 none.
  it('answers students, activities, versioned grades and finals in one call', async () => {
    const res = await as(ctx(), sheet.teacher, { method: 'GET', url: `/api/grade-sheets/${sheet.assignmentId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.assignment).toMatchObject({ id: sheet.assignmentId, editable: true });
    expect(body.students.map((s: { id: number }) => s.id)).toEqual(sheet.students.map((s) => s.id));
    expect(body.activities.map((a: { activity_name: string }) => a.activity_name)).toEqual(['Examen', 'Proyecto']);
    expect(body.grades).toHaveLength(5);
    expect(body.finals).toEqual([
      { user_id: sheet.students[0]!.id, final: 88.5 },
      { user_id: sheet.students[1]!.id, final: 54.7 },
      { user_id: sheet.students[2]!.id, final: 100 },
    ]);
    expect(
      (await as(ctx(), other.teacher, { method: 'GET', url: `/api/grade-sheets/${sheet.assignmentId}` })).statusCode,
    ).toBe(403);
    expect((await as(ctx(), chief, { method: 'GET', url: `/api/grade-sheets/${sheet.assignmentId}` })).statusCode).toBe(
      200,
    );
    expect(
      (await as(ctx(), sheet.students[0]!, { method: 'GET', url: `/api/grade-sheets/${sheet.assignmentId}` }))
        .statusCode,
    ).toBe(403);
  });

  it('answers finals as a map or a list', async () => {
    const base = `/api/grades/groups/${sheet.groupId}/subjects/${sheet.subjectId}/finals`;
    const map = await as(ctx(), sheet.teacher, { method: 'GET', url: `${base}?as=map&period_id=${sheet.periodId}` });
    expect(map.json()).toEqual({
      [sheet.students[0]!.id]: 88.5,
      [sheet.students[1]!.id]: 54.7,
      [sheet.students[2]!.id]: 100,
    });
    const list = await as(ctx(), sheet.teacher, { method: 'GET', url: base });
    expect(list.json().calificaciones).toHaveLength(3);
    expect((await as(ctx(), other.teacher, { method: 'GET', url: base })).statusCode).toBe(403);
    expect((await as(ctx(), sheet.teacher, { method: 'GET', url: `${base}?as=tabla` })).statusCode).toBe(422);
  });

  it('answers attribute ratings per student and their band counts (aggregate=conteo)', async () => {
    const q = `subject_id=${sheet.subjectId}&group_id=${sheet.groupId}`;
    const ratings = await as(ctx(), sheet.teacher, { method: 'GET', url: `/api/userattributes?${q}` });
    expect(ratings.statusCode).toBe(200);
    const [s1, s2, s3] = sheet.students.map((s) => s.id);
    const [at0, at1] = sheet.attributeIds;
    expect(ratings.json()).toEqual(
      expect.arrayContaining([
        { user_id: s1, attribute_id: at0, attributerating: 88.5 },
        { user_id: s1, attribute_id: at1, attributerating: 90 },
        { user_id: s2, attribute_id: at0, attributerating: 54.7 },
        { user_id: s2, attribute_id: at1, attributerating: 50 },
        { user_id: s3, attribute_id: at0, attributerating: 100 },
      ]),
    );
    expect(ratings.json()).toHaveLength(5);
    const counts = await as(ctx(), chief, { method: 'GET', url: `/api/userattributes?${q}&aggregate=conteo` });
    expect(
      counts
        .json()
        .map((c: { attribute_id: number; sobresaliente: number; suficiente: number; insuficiente: number }) => [
          c.attribute_id,
          c.sobresaliente,
          c.suficiente,
          c.insuficiente,
        ])
        // Both attributes have no code, so they come by name; compared here by id.
        .sort((x: number[], y: number[]) => x[0]! - y[0]!),
    ).toEqual(
      [
        [at0, 1, 1, 1],
        [at1, 1, 0, 1],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect((await as(ctx(), other.teacher, { method: 'GET', url: `/api/userattributes?${q}` })).statusCode).toBe(403);
  });

  it("lists a sheet's attribute counts by code (AE2 before AE10), those without a code last, on every database", async () => {
    const added: number[] = [];
    for (const [codigo, attribute_name] of [
      ['AE10', 'Alfa'],
      ['AE2', 'Beta'],
    ]) {
      const res = await as(ctx(), chief, {
        method: 'POST',
        url: '/api/attributes',
        payload: { attribute_name, description: 'D', codigo, career_id: sheet.careerId },
      });
      expect(res.statusCode, res.body).toBe(201);
      added.push((res.json() as { id: number }).id);
    }
    const db = ctx().database.db;
    await db
      .insertInto('subject_attributes')
      .values(
        added.map((attribute_id) => ({ subject_id: sheet.subjectId, attribute_id, knowledge_level: 'I' as const })),
      )
      .execute();
    try {
      const q = `subject_id=${sheet.subjectId}&group_id=${sheet.groupId}&aggregate=conteo`;
      const counts = await as(ctx(), chief, { method: 'GET', url: `/api/userattributes?${q}` });
      expect(counts.json().map((c: { codigo: string | null }) => c.codigo)).toEqual(['AE2', 'AE10', null, null]);
    } finally {
      await db
        .deleteFrom('subject_attributes')
        .where('subject_id', '=', sheet.subjectId)
        .where('attribute_id', 'in', added)
        .execute();
    }
  });

  it('answers the enrolled students and versioned grades by users and activities', async () => {
    const students = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/subjects/${sheet.subjectId}/enrolled-students?group_id=${sheet.groupId}&period_id=${sheet.periodId}&semester_id=1`,
    });
    expect(students.statusCode).toBe(200);
    expect(students.json().map((s: { id: number }) => s.id)).toEqual(sheet.students.map((s) => s.id));
    expect(students.json()[0]).toEqual({
      id: sheet.students[0]!.id,
      full_name: sheet.students[0]!.full_name,
      controlnumber: expect.any(String),
    });
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'GET',
          url: `/api/subjects/${sheet.subjectId}/enrolled-students?group_id=${sheet.groupId}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(ctx(), sheet.teacher, { method: 'GET', url: `/api/subjects/${sheet.subjectId}/enrolled-students` }))
        .statusCode,
    ).toBe(422);
    const grades = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/useractivities/by-users-and-activities',
      payload: { user_ids: [sheet.students[0]!.id], activity_ids: [a1, a2] },
    });
    expect(
      grades
        .json()
        .map((g: { activity_id: number; qualification: number; version: number }) => [
          g.activity_id,
          g.qualification,
          g.version,
        ]),
    ).toEqual([
      [a1, 85, 2],
      [a2, 90, 1],
    ]);
    const foreign = await as(ctx(), other.teacher, {
      method: 'POST',
      url: '/api/useractivities/by-users-and-activities',
      payload: { user_ids: [sheet.students[0]!.id], activity_ids: [a1] },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('grade history', () => {
  it("shows a cell's history to its teacher and to a chief of the career, not to others", async () => {
    const s1 = sheet.students[0]!.id;
    const url = `/api/grade-history?activity_id=${a1}&user_id=${s1}`;
    const res = await as(ctx(), sheet.teacher, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { before: number | null; after: number }) => [e.before, e.after])).toEqual([
      [80, 85],
      [null, 80],
    ]);
    expect(res.json()[0]).toMatchObject({
      source: 'pantalla',
      changed_by: { id: sheet.teacher.id },
      activity_name: 'Examen',
    });
    expect((await as(ctx(), chief, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx(), strangerChief, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx(), other.teacher, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx(), sheet.students[0]!, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx(), sheet.teacher, { method: 'GET', url: '/api/grade-history' })).statusCode).toBe(422);
  });
});

describe('observations', () => {
  it('saves observations under the teacher in session and reads them back newest first', async () => {
    const s1 = sheet.students[0]!.id;
    const row = {
      user_id: s1,
      attribute_id: sheet.attributeIds[0],
      subject_id: sheet.subjectId,
      professor_id: sheet.teacher.id,
      period_id: null,
      observation: 'Buen trabajo en equipo.',
    };
    const res = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/userattribute-observations/batch',
      payload: { observaciones: [row, { ...row, observation: '  ' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '¡Observaciones guardadas!', saved: 1 });
    const second = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/userattribute-observations/batch',
      payload: { observaciones: [{ ...row, observation: 'Mejoró su análisis.', activity_id: a2 }] },
    });
    expect(second.statusCode).toBe(200);
    const count = async () =>
      (await ctx().database.db.selectFrom('observations').select('id').where('user_id', '=', s1).execute()).length;
    const before = await count();
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'POST',
          url: '/api/userattribute-observations/batch',
          payload: { observaciones: [{ ...row, professor_id: other.teacher.id }] },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'POST',
          url: '/api/userattribute-observations/batch',
          payload: { observaciones: [row] },
        })
      ).statusCode,
    ).toBe(403);
    const badAttr = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/userattribute-observations/batch',
      payload: { observaciones: [{ ...row, attribute_id: other.attributeIds[0] }] },
    });
    expect(badAttr.statusCode).toBe(422);
    expect(badAttr.json().errors['observaciones.0.attribute_id']).toBeDefined();
    expect(await count()).toBe(before);

    const url = `/api/userattribute-observations/history?subject_id=${sheet.subjectId}&attribute_id=${sheet.attributeIds[0]}&user_id=${s1}`;
    const history = await as(ctx(), sheet.teacher, { method: 'GET', url });
    expect(
      history
        .json()
        .map((o: { observation: string; activity_name: string | null; teacher_name: string }) => [
          o.observation,
          o.activity_name,
          o.teacher_name,
        ]),
    ).toEqual([
      ['Mejoró su análisis.', 'Proyecto', sheet.teacher.full_name],
      ['Buen trabajo en equipo.', null, sheet.teacher.full_name],
    ]);
    expect(history.json()[0].period_id).toBe(sheet.periodId);
    expect((await as(ctx(), sheet.students[0]!, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx(), sheet.students[1]!, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx(), other.teacher, { method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('GET /profesor/dashboard', () => {
  it("counts the teacher's students, activities and subjects of the career and lists all its activities, graded or not", async () => {
    const res = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/profesor/dashboard?career_id=${sheet.careerId}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.careers.map((c: { id: number }) => c.id)).toContain(sheet.careerId);
    expect(body.cards).toEqual({ students: 3, activities: 2, subjects: 1 });
    // Examen is graded for all three students and is still listed (with its count); Proyecto for two of three.
    expect(
      body.pendientes.map((p: { activity_name: string; students: number; graded: number }) => [
        p.activity_name,
        p.students,
        p.graded,
      ]),
    ).toEqual([
      ['Examen', 3, 3],
      ['Proyecto', 3, 2],
    ]);
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/profesor/dashboard' })).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('describes every teaching route with its query, body and answer', async () => {
    const docs = (await ctx().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/activities',
        '/api/activities/by-professor/{id}',
        '/api/activities/bulk-upsert',
        '/api/activities/{id}',
        '/api/subjects/{id}/enrolled-students',
        '/api/grade-sheets/{id}',
        '/api/useractivities/by-users-and-activities',
        '/api/profesor/calificar/actividades/batch',
        '/api/grades/groups/{group}/subjects/{subject}/finals',
        '/api/userattributes',
        '/api/profesor/dashboard',
        '/api/grade-history',
        '/api/grade-history/imports',
        '/api/grade-history/imports/{batchId}/undo',
        '/api/ratings/template',
        '/api/ratings/export',
        '/api/ratings/import',
        '/api/userattribute-observations/batch',
        '/api/userattribute-observations/history',
      ]),
    );
    const batch = docs.paths['/api/profesor/calificar/actividades/batch'].post;
    expect(batch.requestBody.content['application/json'].schema.properties.calificaciones.items.required).toEqual([
      'user_id',
      'activity_id',
      'qualification',
    ]);
    expect(Object.keys(batch.responses['200'].content['application/json'].schema.properties)).toEqual([
      'message',
      'saved',
      'unchanged',
      'conflicts',
    ]);
    const file =
      docs.paths['/api/ratings/export'].get.responses['200'].content[
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      ];
    expect(file.schema).toMatchObject({ type: 'string', format: 'binary' });
  });
});
