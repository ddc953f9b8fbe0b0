import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MSG, ROLE } from '@egreso/domain';
import { insertGeneration, insertGroup, insertStudent, peopleSnapshot, setNamingScheme } from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
// The advance's mechanics run as the administrator (not limited to careers); a chief's scope is in career-scope.test.ts.
let admin: TestUser;
let teacher: TestUser;
let studentUser: TestUser;
let generationId: number;

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  teacher = await createUser(ctx(), ROLE.TEACHER);
  studentUser = await createUser(ctx(), ROLE.STUDENT);
  generationId = (await insertGeneration(ctx(), 2022)).id;
});

const db = () => ctx().database.db;
const groupsOf = async (userId: number) =>
  await db()
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['g.group_name', 'g.semester_id'])
    .where('ug.user_id', '=', userId)
    .orderBy('g.group_name')
    .execute();
const linkOf = async (userId: number) =>
  db()
    .selectFrom('user_generations')
    .select(['current_semester_id', 'active'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

describe('/usergroups', () => {
  it('adds a student to groups one call at a time, lists them and clears them', async () => {
    const a = await insertGroup(ctx(), 'UG-101', 1);
    const b = await insertGroup(ctx(), 'UG-102', 1);
    const s = await insertStudent(ctx());
    for (const g of [a, b]) {
      const res = await as(ctx(), admin, {
        method: 'POST',
        url: '/api/usergroups',
        payload: { user_id: s.id, group_id: String(g.id) },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ user_id: s.id, group_id: g.id, group: { group_name: g.group_name } });
    }
    const twice = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/usergroups',
      payload: { user_id: s.id, group_id: a.id },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.group_id).toEqual([PEOPLE_MSG.alreadyInGroup]);
    const list = await as(ctx(), admin, { method: 'GET', url: `/api/usergroups?user_id=${s.id}` });
    expect(list.json().map((r: { group: { group_name: string } }) => r.group.group_name)).toEqual(['UG-101', 'UG-102']);
    // The spec's client reads group_name and semester_id flat.
    expect(
      list.json().map((r: { group_name: string; semester_id: number | null }) => [r.group_name, r.semester_id]),
    ).toEqual([
      ['UG-101', expect.anything()],
      ['UG-102', expect.anything()],
    ]);
    const clear = await as(ctx(), admin, { method: 'DELETE', url: `/api/usergroups/clear/${s.id}` });
    expect(clear.statusCode).toBe(200);
    expect(await groupsOf(s.id)).toEqual([]);
  });

  it('answers 422 for an unknown group or a user who is not a student, changing nothing', async () => {
    const s = await insertStudent(ctx());
    const before = await peopleSnapshot(ctx());
    const unknown = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/usergroups',
      payload: { user_id: s.id, group_id: 999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.group_id).toEqual([PEOPLE_MSG.groupNotFound]);
    const g = await insertGroup(ctx(), 'UG-201', 2);
    const notStudent = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/usergroups',
      payload: { user_id: teacher.id, group_id: g.id },
    });
    expect(notStudent.statusCode).toBe(422);
    const after = await peopleSnapshot(ctx());
    expect(after.user_groups).toEqual(before.user_groups);
  });

  it('answers 403 when a teacher or a student writes, and a student reads only their own groups', async () => {
    const g = await insertGroup(ctx(), 'UG-301', 3);
    const s = await insertStudent(ctx());
    const before = await peopleSnapshot(ctx());
    for (const user of [teacher, studentUser]) {
      expect(
        (await as(ctx(), user, { method: 'POST', url: '/api/usergroups', payload: { user_id: s.id, group_id: g.id } }))
          .statusCode,
      ).toBe(403);
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/usergroups/clear/${s.id}` })).statusCode).toBe(403);
    }
    expect((await as(ctx(), studentUser, { method: 'GET', url: `/api/usergroups?user_id=${s.id}` })).statusCode).toBe(
      403,
    );
    expect(
      (await as(ctx(), studentUser, { method: 'GET', url: `/api/usergroups?user_id=${studentUser.id}` })).statusCode,
    ).toBe(200);
    expect((await as(ctx(), null, { method: 'GET', url: '/api/usergroups' })).statusCode).toBe(401);
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });
});

describe('/usergenerations and the student status', () => {
  it("refuses a link without current_semester_id with the spec's message", async () => {
    const s = await insertStudent(ctx());
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/usergenerations',
      payload: { user_id: s.id, generation_id: generationId, active: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.current_semester_id).toEqual([PEOPLE_MSG.missingSemester]);
    expect(await linkOf(s.id)).toBeUndefined();
  });

  it('creates, lists and updates a link: generation, status and semester', async () => {
    const s = await insertStudent(ctx());
    const other = (await insertGeneration(ctx(), 2023)).id;
    const created = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/usergenerations',
      payload: { user_id: s.id, generation_id: generationId, current_semester_id: 3, active: 1 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user_id: s.id,
      generation_id: generationId,
      generation_name: '2022-2027',
      current_semester_id: 3,
      active: 1,
    });
    const id = created.json().id as number;
    const updated = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/usergenerations/${id}`,
      payload: { generation_id: other, active: 0 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ generation_id: other, active: 0, current_semester_id: 3 });
    const list = await as(ctx(), admin, { method: 'GET', url: `/api/usergenerations?user_id=${s.id}` });
    expect(list.json()).toHaveLength(1);
    expect(
      (
        await as(ctx(), admin, {
          method: 'PUT',
          url: '/api/usergenerations/999999',
          payload: { generation_id: other, active: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const badStatus = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/usergenerations/${id}`,
      payload: { generation_id: other, active: 5 },
    });
    expect(badStatus.statusCode).toBe(422);
    expect(await linkOf(s.id)).toEqual({ current_semester_id: 3, active: 0 });
  });

  it("refuses a status change for a student without a generation link with the spec's message", async () => {
    const s = await insertStudent(ctx());
    const res = await as(ctx(), admin, { method: 'PUT', url: `/api/students/${s.id}/status`, payload: { active: 0 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PEOPLE_MSG.noGenerationLink);
    expect(await linkOf(s.id)).toBeUndefined();
  });

  it('changes the status on the latest link', async () => {
    const s = await insertStudent(ctx(), { generationId, semester: 4 });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/students/${s.id}/status`,
      payload: { active: '0' },
    });
    expect(res.statusCode).toBe(200);
    expect(await linkOf(s.id)).toEqual({ current_semester_id: 4, active: 0 });
    expect(
      (await as(ctx(), teacher, { method: 'PUT', url: `/api/students/${s.id}/status`, payload: { active: 1 } }))
        .statusCode,
    ).toBe(403);
    expect(await linkOf(s.id)).toEqual({ current_semester_id: 4, active: 0 });
  });
});

describe('POST /students/advance-semester', () => {
  it('advances the active students of a group, graduates the 9th, skips those without a link, moves groups', async () => {
    await setNamingScheme(ctx(), 'digits');
    const g5 = await insertGroup(ctx(), '501', 5);
    const g9 = await insertGroup(ctx(), '901', 9);
    const fifth = await insertStudent(ctx(), { groupIds: [g5.id], generationId, semester: 5 });
    const ninth = await insertStudent(ctx(), { groupIds: [g9.id], generationId, semester: 9 });
    const noLink = await insertStudent(ctx(), { groupIds: [g5.id] });
    const baja = await insertStudent(ctx(), { groupIds: [g5.id], generationId, semester: 5, active: 0 });

    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/students/advance-semester',
      payload: { group_id: g5.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      advanced: 1,
      graduated: 0,
      skipped: 1,
      errors: [{ user_id: noLink.id, reason: expect.any(String) }],
    });
    expect(await linkOf(fifth.id)).toEqual({ current_semester_id: 6, active: 1 });
    expect(await groupsOf(fifth.id)).toEqual([{ group_name: '601', semester_id: 6 }]);
    expect(await linkOf(baja.id)).toEqual({ current_semester_id: 5, active: 0 });
    expect(await groupsOf(baja.id)).toEqual([{ group_name: '501', semester_id: 5 }]);

    const grad = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/students/advance-semester',
      payload: { group_id: g9.id },
    });
    expect(grad.json()).toMatchObject({ advanced: 0, graduated: 1, skipped: 0 });
    expect(await linkOf(ninth.id)).toEqual({ current_semester_id: 9, active: 2 });
    expect(await groupsOf(ninth.id)).toEqual([{ group_name: '901', semester_id: 9 }]);
  });

  it.each([
    ['digits', '302', '402'],
    ['num_letter', '3B', '4B'],
    ['grupo_m', 'Grupo M3', 'Grupo M4'],
    ['auto', '3C', '4C'],
  ] as const)(
    're-maps groups with the %s naming scheme (%s → %s), into an existing group or a new one',
    async (scheme, from, to) => {
      await setNamingScheme(ctx(), scheme);
      const g = await insertGroup(ctx(), from, 3);
      const a = await insertStudent(ctx(), { groupIds: [g.id], generationId, semester: 3 });
      const b = await insertStudent(ctx(), { groupIds: [g.id], generationId, semester: 3 });
      const res = await as(ctx(), admin, {
        method: 'POST',
        url: '/api/students/advance-semester',
        payload: { group_id: g.id },
      });
      expect(res.json()).toMatchObject({ advanced: 2, graduated: 0, skipped: 0, errors: [] });
      for (const s of [a, b]) expect(await groupsOf(s.id)).toEqual([{ group_name: to, semester_id: 4 }]);
      expect(await db().selectFrom('groups').select('id').where('group_name', '=', to).execute()).toHaveLength(1);
    },
  );

  it('keeps one membership when the student already belongs to the next group', async () => {
    await setNamingScheme(ctx(), 'digits');
    const g7 = await insertGroup(ctx(), '703', 7);
    const g8 = await insertGroup(ctx(), '803', 8);
    const s = await insertStudent(ctx(), { groupIds: [g7.id, g8.id], generationId, semester: 7 });
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/students/advance-semester',
      payload: { group_id: g7.id },
    });
    expect(res.json().advanced).toBe(1);
    expect(await groupsOf(s.id)).toEqual([{ group_name: '803', semester_id: 8 }]);
  });

  it('advances every active student without a group filter', async () => {
    const s = await insertStudent(ctx(), { generationId, semester: 1 });
    const res = await as(ctx(), admin, { method: 'POST', url: '/api/students/advance-semester', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().advanced).toBeGreaterThanOrEqual(1);
    expect(await linkOf(s.id)).toEqual({ current_semester_id: 2, active: 1 });
  });

  it('answers 403 to a teacher or a student and 422 for an unknown group, changing nothing', async () => {
    await insertStudent(ctx(), { generationId, semester: 2 });
    const before = await peopleSnapshot(ctx());
    for (const user of [teacher, studentUser]) {
      expect(
        (await as(ctx(), user, { method: 'POST', url: '/api/students/advance-semester', payload: {} })).statusCode,
      ).toBe(403);
    }
    const unknown = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/students/advance-semester',
      payload: { group_id: 999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.group_id).toEqual([PEOPLE_MSG.groupNotFound]);
    expect(await peopleSnapshot(ctx())).toEqual(before);
  });
});
