import { ACTIVITY_MSG, ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { makeSheet, type SheetFixture, makePeriod } from '../../test/factories.js';

const ctx = useTestApp();
let sheet: SheetFixture;
let other: SheetFixture;
let admin: TestUser;
let student: TestUser;

beforeAll(async () => {
  sheet = await makeSheet(ctx(), { students: 2 });
  other = await makeSheet(ctx(), { students: 1 });
  admin = await createUser(ctx(), ROLE.ADMIN);
  student = sheet.students[0]!;
});

const activityCount = async (assignmentId: number) =>
  Number(
    (
      await ctx()
        .database.db.selectFrom('activities')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('professor_subject_id', '=', assignmentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const upsert = (user: TestUser, payload: Record<string, unknown>) =>
  as(ctx(), user, { method: 'POST', url: '/api/activities/bulk-upsert', payload });

describe('POST /activities/bulk-upsert', () => {
  it('creates and updates in one save, drops empty rows, defaults ponderation to 100 and answers the saved list', async () => {
    const res = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [
        {
          activity_name: ' Examen parcial ',
          type_activity: 'Examen',
          evaluation_instrument: 'Rúbrica',
          ponderation: 40,
          attribute_ids: [sheet.attributeIds[0]],
        },
        { activity_name: '', type_activity: 'x', attribute_ids: [] },
        {
          activity_name: 'Proyecto',
          type_activity: null,
          evaluation_instrument: null,
          ponderation: 'abc',
          attribute_ids: sheet.attributeIds,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ACTIVITY_MSG.saved);
    expect(
      body.activities.map((a: { activity_name: string; ponderation: number }) => [a.activity_name, a.ponderation]),
    ).toEqual([
      ['Examen parcial', 40],
      ['Proyecto', 100],
    ]);
    expect(body.activities[1].attribute_ids.sort()).toEqual([...sheet.attributeIds].sort());

    const [exam] = body.activities;
    const again = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [
        {
          id: exam.id,
          activity_name: 'Examen final',
          type_activity: 'Examen',
          evaluation_instrument: 'Lista',
          ponderation: 60,
          attribute_ids: [sheet.attributeIds[1]],
        },
      ],
    });
    expect(again.statusCode).toBe(200);
    const updated = again.json().activities.find((a: { id: number }) => a.id === exam.id);
    expect(updated).toMatchObject({
      activity_name: 'Examen final',
      ponderation: 60,
      attribute_ids: [sheet.attributeIds[1]],
    });
    expect(await activityCount(sheet.assignmentId)).toBe(2);
  });

  it('refuses the whole save when one row is bad (attribute of another subject, 86-character type), naming the row', async () => {
    const before = await activityCount(sheet.assignmentId);
    const res = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [
        { activity_name: 'Tarea 1', attribute_ids: [sheet.attributeIds[0]] },
        { activity_name: 'Tarea 2', attribute_ids: [other.attributeIds[0]] },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['activities.1.attribute_ids']).toEqual([ACTIVITY_MSG.attributeNotInSubject]);
    const long = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [{ activity_name: 'Tarea 3', type_activity: 'x'.repeat(86), attribute_ids: [] }],
    });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['activities.0.type_activity']);
    const ok85 = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [{ activity_name: 'Tarea 85', type_activity: 'x'.repeat(85), attribute_ids: [] }],
    });
    expect(ok85.statusCode).toBe(200);
    expect(await activityCount(sheet.assignmentId)).toBe(before + 1);
  });

  it('refuses a name already used in the assignment and an attribute-only row without a name', async () => {
    const before = await activityCount(sheet.assignmentId);
    const dup = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [{ activity_name: 'PROYECTO', attribute_ids: [] }],
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors['activities.0.activity_name']).toEqual([ACTIVITY_MSG.duplicateName]);
    const nameless = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [{ activity_name: ' ', attribute_ids: [sheet.attributeIds[0]] }],
    });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors['activities.0.activity_name']).toEqual([ACTIVITY_MSG.nameRequired]);
    expect(await activityCount(sheet.assignmentId)).toBe(before);
  });

  it("answers 403 to another teacher, a chief's or administrator's write and a student, changing nothing", async () => {
    const before = await activityCount(sheet.assignmentId);
    const payload = {
      professor_subject_id: sheet.assignmentId,
      activities: [{ activity_name: 'Intrusa', attribute_ids: [] }],
    };
    expect((await upsert(other.teacher, payload)).statusCode).toBe(403);
    expect((await upsert(admin, payload)).statusCode).toBe(403);
    expect((await upsert(student, payload)).statusCode).toBe(403);
    const foreignId = await upsert(other.teacher, {
      professor_subject_id: other.assignmentId,
      activities: [
        {
          id: (
            await ctx()
              .database.db.selectFrom('activities')
              .select('id')
              .where('professor_subject_id', '=', sheet.assignmentId)
              .executeTakeFirstOrThrow()
          ).id,
          activity_name: 'Robada',
          attribute_ids: [],
        },
      ],
    });
    expect(foreignId.statusCode).toBe(422);
    expect(foreignId.json().errors['activities.0.id']).toEqual([ACTIVITY_MSG.notInAssignment]);
    expect(await activityCount(sheet.assignmentId)).toBe(before);
    expect(await activityCount(other.assignmentId)).toBe(0);
  });

  it('answers 409 in a closed period', async () => {
    const closed = await makePeriod(ctx(), { status: 'closed' });
    const old = await makeSheet(ctx(), { periodId: closed.id, students: 0 });
    const res = await upsert(old.teacher, {
      professor_subject_id: old.assignmentId,
      activities: [{ activity_name: 'Tarde', attribute_ids: [] }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACTIVITY_MSG.periodClosed);
    expect(await activityCount(old.assignmentId)).toBe(0);
  });
});

describe('GET /activities and /activities/by-professor/{id}', () => {
  it('lists a teacher only their own, filtered, and lets chiefs and administrators read any', async () => {
    const mine = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/activities?subject_id=${sheet.subjectId}`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0);
    expect(
      mine.json().every((a: { professor_subject_id: number }) => a.professor_subject_id === sheet.assignmentId),
    ).toBe(true);
    const theirs = await as(ctx(), other.teacher, {
      method: 'GET',
      url: `/api/activities?subject_id=${sheet.subjectId}`,
    });
    expect(theirs.json()).toEqual([]);
    expect(
      (
        await as(ctx(), other.teacher, {
          method: 'GET',
          url: `/api/activities?professor_subject_id=${sheet.assignmentId}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(ctx(), admin, { method: 'GET', url: `/api/activities?professor_subject_id=${sheet.assignmentId}` })
      ).json(),
    ).toEqual(mine.json());
    expect((await as(ctx(), student, { method: 'GET', url: '/api/activities' })).statusCode).toBe(403);
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/activities' })).statusCode).toBe(422);
    expect(
      (
        await as(ctx(), sheet.teacher, { method: 'GET', url: `/api/activities/by-professor/${sheet.teacher.id}` })
      ).json(),
    ).toEqual(mine.json());
    expect(
      (await as(ctx(), other.teacher, { method: 'GET', url: `/api/activities/by-professor/${sheet.teacher.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(ctx(), admin, { method: 'GET', url: `/api/activities/by-professor/${sheet.teacher.id}` })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /activities/{id}', () => {
  it("keeps the activity's grades in the history with source 'eliminación de actividad', then deletes it", async () => {
    const created = await upsert(sheet.teacher, {
      professor_subject_id: sheet.assignmentId,
      activities: [{ activity_name: 'Para borrar', attribute_ids: [] }],
    });
    const id = created.json().activities.find((a: { activity_name: string }) => a.activity_name === 'Para borrar').id;
    const graded = await as(ctx(), sheet.teacher, {
      method: 'POST',
      url: '/api/profesor/calificar/actividades/batch',
      payload: {
        calificaciones: sheet.students.map((s, i) => ({ user_id: s.id, activity_id: id, qualification: 80 + i })),
      },
    });
    expect(graded.statusCode).toBe(200);
    expect((await as(ctx(), other.teacher, { method: 'DELETE', url: `/api/activities/${id}` })).statusCode).toBe(403);
    expect((await as(ctx(), admin, { method: 'DELETE', url: `/api/activities/${id}` })).statusCode).toBe(403);
    const res = await as(ctx(), sheet.teacher, { method: 'DELETE', url: `/api/activities/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACTIVITY_MSG.deleted, grades_kept_in_history: 2 });
    const db = ctx().database.db;
    expect(await db.selectFrom('activities').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('user_activities').select('id').where('activity_id', '=', id).execute()).toEqual([]);
    const kept = await db
      .selectFrom('grade_history')
      .select(['user_id', 'before', 'after', 'activity_name'])
      .where('activity_id', '=', id)
      .where('source', '=', 'eliminación de actividad')
      .orderBy('user_id')
      .execute();
    expect(kept.map((k) => [k.user_id, Number(k.before), k.after, k.activity_name])).toEqual(
      sheet.students.map((s, i) => [s.id, 80 + i, null, 'Para borrar']),
    );
    const history = await as(ctx(), admin, { method: 'GET', url: `/api/grade-history?activity_id=${id}` });
    expect(history.statusCode).toBe(200);
    expect(history.json().filter((e: { source: string }) => e.source === 'eliminación de actividad')).toHaveLength(2);
    expect((await as(ctx(), sheet.teacher, { method: 'DELETE', url: `/api/activities/${id}` })).statusCode).toBe(404);
  });
});
