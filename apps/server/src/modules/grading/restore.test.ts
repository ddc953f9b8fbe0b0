import { GRADE_MSG, ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { makeChief, makePeriod, makeSheet, type SheetFixture } from '../../test/factories.js';

const ctx = useTestApp();
let sheet: SheetFixture;
let other: SheetFixture;
let admin: TestUser;
let chief: TestUser;
let s1: number;
let a1: number; // ponderation 30, attribute 0
let a2: number; // ponderation 70, attributes 0 and 1
/** The first recorded change of s1/a1: 67.7 (stored before the history began) → 80. */
let firstChange: number;
/** The first change of s1/a2: none → 90. */
let firstA2: number;

const restore = (user: TestUser, id: number | string, payload: Record<string, unknown>) =>
  as(ctx(), user, { method: 'POST', url: `/api/grade-history/${id}/restore`, payload });

const save = (user: TestUser, calificaciones: unknown[]) =>
  as(ctx(), user, { method: 'POST', url: '/api/profesor/calificar/actividades/batch', payload: { calificaciones } });

/** A cell's stored value and version, and its history (oldest first): what a refused restore must leave alone. */
async function cellState(userId: number, activityId: number) {
  const db = ctx().database.db;
  const cell = await db
    .selectFrom('user_activities')
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .select(['qualification', 'version'])
    .executeTakeFirst();
  const history = await db
    .selectFrom('grade_history')
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .select(['id', 'before', 'after', 'source', 'changed_by'])
    .orderBy('id')
    .execute();
  return {
    qualification: cell?.qualification === null || cell === undefined ? null : Number(cell.qualification),
    version: cell === undefined ? 0 : Number(cell.version),
    history: history.map((h) => ({
      ...h,
      before: h.before === null ? null : Number(h.before),
      after: h.after === null ? null : Number(h.after),
    })),
  };
}

async function finalOf(userId: number): Promise<number | null> {
  const res = await as(ctx(), sheet.teacher, { method: 'GET', url: `/api/grade-sheets/${sheet.assignmentId}` });
  return res.json().finals.find((f: { user_id: number }) => f.user_id === userId).final;
}

beforeAll(async () => {
  sheet = await makeSheet(ctx(), { students: 2 });
  other = await makeSheet(ctx(), { students: 1 });
  admin = await createUser(ctx(), ROLE.ADMIN);
  chief = await makeChief(ctx(), [sheet.careerId]);
  s1 = sheet.students[0]!.id;
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
  // A grade stored before its history began (as the demo's are), then changed on the sheet.
  await ctx()
    .database.db.insertInto('user_activities')
    .values({
      user_id: s1,
      activity_id: a1,
      qualification: 67.7,
      updated_by: sheet.teacher.id,
      updated_at: '2030-01-01T00:00:00.000Z',
      version: 1,
    })
    .execute();
  const saved = await save(sheet.teacher, [
    { user_id: s1, activity_id: a1, qualification: 80, version: 1 },
    { user_id: s1, activity_id: a2, qualification: 90, version: 0 },
  ]);
  expect(saved.json().saved).toHaveLength(2);
  firstChange = (await cellState(s1, a1)).history[0]!.id;
  firstA2 = (await cellState(s1, a2)).history[0]!.id;
});

describe('POST /grade-history/{id}/restore', () => {
  it("restores the value an entry replaced through the grid's write: a 'restauración' entry, and the finals and ratings follow", async () => {
    expect(await finalOf(s1)).toBe(87); // (80·30 + 90·70) / 100
    const res = await restore(sheet.teacher, firstChange, { version: 2, value: 'before' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Calificación restaurada a 67.7.',
      outcome: 'restored',
      grade: { user_id: s1, activity_id: a1, qualification: 67.7, version: 3 },
      conflict: null,
    });
    const state = await cellState(s1, a1);
    expect(state).toMatchObject({ qualification: 67.7, version: 3 });
    expect(state.history.map((h) => [h.before, h.after, h.source, h.changed_by])).toEqual([
      [67.7, 80, 'pantalla', sheet.teacher.id],
      [80, 67.7, 'restauración', sheet.teacher.id],
    ]);
    // The history the dialog reads names the new entry's origin.
    const list = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/grade-history?activity_id=${a1}&user_id=${s1}`,
    });
    expect(list.json()[0]).toMatchObject({ before: 80, after: 67.7, source: 'restauración' });
    const filtered = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/grade-history?activity_id=${a1}&source=${encodeURIComponent('restauración')}`,
    });
    expect(filtered.json()).toHaveLength(1);
    // Final and ratings are computed from the grades: (67.7·30 + 90·70) / 100 = 83.31.
    expect(await finalOf(s1)).toBe(83.3);
    const ratings = await as(ctx(), sheet.teacher, {
      method: 'GET',
      url: `/api/userattributes?subject_id=${sheet.subjectId}&group_id=${sheet.groupId}&user_id=${s1}`,
    });
    expect(ratings.json()).toEqual(
      expect.arrayContaining([
        { user_id: s1, attribute_id: sheet.attributeIds[0], attributerating: 83.3 },
        { user_id: s1, attribute_id: sheet.attributeIds[1], attributerating: 90 },
      ]),
    );
  });

  it('restores the value an entry set (the default), and says so without writing when the grade already has it', async () => {
    const res = await restore(sheet.teacher, firstChange, { version: 3 });
    expect(res.json()).toMatchObject({
      message: 'Calificación restaurada a 80.0.',
      outcome: 'restored',
      grade: { qualification: 80, version: 4 },
    });
    const before = await cellState(s1, a1);
    // Equal to the current value: nothing written, whatever version was sent.
    for (const payload of [{ version: 4 }, { version: 1, value: 'after' }]) {
      const again = await restore(sheet.teacher, firstChange, payload);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        message: 'La calificación ya es 80.0; no se cambió nada.',
        outcome: 'unchanged',
        grade: { user_id: s1, activity_id: a1, qualification: 80, version: 4 },
        conflict: null,
      });
    }
    expect(await cellState(s1, a1)).toEqual(before);
  });

  it('does not restore over a grade changed since the sheet showed it: the answer is the conflict, nothing is written', async () => {
    const before = await cellState(s1, a1);
    const res = await restore(sheet.teacher, firstChange, { version: 3, value: 'before' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: GRADE_MSG.restoreConflict,
      outcome: 'conflict',
      grade: { user_id: s1, activity_id: a1, qualification: 80, version: 4 },
      conflict: {
        user_id: s1,
        activity_id: a1,
        qualification: 80,
        version: 4,
        changed_by: { id: sheet.teacher.id, full_name: sheet.teacher.full_name },
        changed_at: expect.any(String),
      },
    });
    expect(await cellState(s1, a1)).toEqual(before);
  });

  it('restoring an empty value removes the grade (the final counts the other activities only), and it comes back', async () => {
    const res = await restore(sheet.teacher, firstA2, { version: 1, value: 'before' });
    expect(res.json()).toMatchObject({
      message: 'Calificación restaurada: la celda quedó vacía.',
      outcome: 'restored',
      grade: { user_id: s1, activity_id: a2, qualification: null, version: 2 },
    });
    expect(await cellState(s1, a2)).toMatchObject({ qualification: null, version: 2 });
    expect(await finalOf(s1)).toBe(80);
    const back = await restore(sheet.teacher, firstA2, { version: 2 });
    expect(back.json()).toMatchObject({ outcome: 'restored', grade: { qualification: 90, version: 3 } });
    expect(await finalOf(s1)).toBe(87);
  });

  it('answers 403 to another teacher, a chief of the career, an administrator and a student, changing nothing', async () => {
    const before = await cellState(s1, a1);
    for (const user of [other.teacher, chief, admin, sheet.students[0]!]) {
      const res = await restore(user, firstChange, { version: 4, value: 'before' });
      expect(res.statusCode).toBe(403);
    }
    expect(await cellState(s1, a1)).toEqual(before);
  });

  it('answers 404 for an entry that does not exist and 422 for a bad id or body, changing nothing', async () => {
    const before = await cellState(s1, a1);
    const missing = await restore(sheet.teacher, 999_999, { version: 4 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(GRADE_MSG.entryMissing);
    expect((await restore(sheet.teacher, 'abc', { version: 4 })).statusCode).toBe(422);
    expect((await restore(sheet.teacher, 0, { version: 4 })).statusCode).toBe(422);
    for (const payload of [{}, { version: -1 }, { version: 1.5 }, { version: '4' }, { version: 4, value: 'después' }]) {
      const res = await restore(sheet.teacher, firstChange, payload);
      expect(res.statusCode).toBe(422);
    }
    expect((await restore(sheet.teacher, firstChange, { version: 4, value: 'después' })).json().errors.value).toEqual([
      GRADE_MSG.restoreSideInvalid,
    ]);
    expect(await cellState(s1, a1)).toEqual(before);
  });

  it('answers 404 when the activity was deleted since, and 409 once the period is closed, changing nothing', async () => {
    const period = await makePeriod(ctx(), { status: 'published' });
    const later = await makeSheet(ctx(), { periodId: period.id, students: 1 });
    const student = later.students[0]!.id;
    const acts = await as(ctx(), later.teacher, {
      method: 'POST',
      url: '/api/activities/bulk-upsert',
      payload: {
        professor_subject_id: later.assignmentId,
        activities: [
          { activity_name: 'Tarea', ponderation: 50, attribute_ids: [later.attributeIds[0]] },
          { activity_name: 'Práctica', ponderation: 50, attribute_ids: [later.attributeIds[0]] },
        ],
      },
    });
    const [kept, dropped] = acts.json().activities.map((a: { id: number }) => a.id);
    await save(later.teacher, [
      { user_id: student, activity_id: kept, qualification: 70 },
      { user_id: student, activity_id: dropped, qualification: 60 },
    ]);
    await save(later.teacher, [{ user_id: student, activity_id: kept, qualification: 75, version: 1 }]);
    const [keptEntry] = (await cellState(student, kept)).history;
    const [droppedEntry] = (await cellState(student, dropped)).history;
    expect(
      (await as(ctx(), later.teacher, { method: 'DELETE', url: `/api/activities/${dropped}` })).statusCode,
    ).toBeLessThan(300);
    const gone = await restore(later.teacher, droppedEntry!.id, { version: 0 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(GRADE_MSG.restoreActivityGone);
    expect(await cellState(student, dropped)).toMatchObject({ qualification: null, version: 0 });

    await ctx().database.db.updateTable('periods').set({ status: 'closed' }).where('id', '=', period.id).execute();
    const before = await cellState(student, kept);
    const closed = await restore(later.teacher, keptEntry!.id, { version: 2 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(GRADE_MSG.periodClosed);
    expect(await cellState(student, kept)).toEqual(before);
  });
});
