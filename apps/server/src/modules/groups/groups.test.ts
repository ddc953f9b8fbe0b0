import { beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG, MSG, ROLE } from '@egreso/domain';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { addStudentToGroup, makeAssignment, makeGroup, makeSubject, makeTeacher } from '../../test/factories.js';

const ctx = useTestApp();
let chief: TestUser;
let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  chief = await createUser(ctx(), ROLE.CHIEF);
  teacher = await createUser(ctx(), ROLE.TEACHER);
  student = await createUser(ctx(), ROLE.STUDENT);
});

describe('groups', () => {
  it('creates a group and reads it back with its semester', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/groups',
      payload: { group_name: ' 5A ', semester_id: '5' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      group_name: '5A',
      semester_id: 5,
      semester: { id: 5, semester_name: 'Quinto semestre' },
    });
  });

  it('answers 422 per field for a missing name, a missing semester and a semester outside 1-9', async () => {
    const missing = await as(ctx(), chief, { method: 'POST', url: '/api/groups', payload: { group_name: '' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      group_name: [GROUP_MSG.nameRequired],
      semester_id: [GROUP_MSG.semesterRequired],
    });
    for (const semester_id of [0, 10, 2.5]) {
      const res = await as(ctx(), chief, {
        method: 'POST',
        url: '/api/groups',
        payload: { group_name: 'X1', semester_id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.semester_id).toEqual([GROUP_MSG.semesterRange]);
    }
  });

  it('answers 422 when the name exceeds 100 characters, on create and on edit', async () => {
    const ok = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/groups',
      payload: { group_name: 'g'.repeat(100), semester_id: 1 },
    });
    expect(ok.statusCode).toBe(201);
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/groups',
      payload: { group_name: 'g'.repeat(101), semester_id: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.group_name).toEqual([MSG.tooLong(100)]);
    const edit = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/groups/${ok.json().id}`,
      payload: { group_name: 'h'.repeat(101), semester_id: 1 },
    });
    expect(edit.statusCode).toBe(422);
  });

  it('answers 422 on the field for a duplicate name, ignoring case, on create and on edit', async () => {
    await makeGroup(ctx(), { semester_id: 3, group_name: 'Grupo Dup' });
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/groups',
      payload: { group_name: 'grupo dup', semester_id: 3 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: GROUP_MSG.nameTaken, errors: { group_name: [GROUP_MSG.nameTaken] } });
    const other = await makeGroup(ctx(), { semester_id: 3 });
    const edit = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/groups/${other.id}`,
      payload: { group_name: 'Grupo Dup', semester_id: 3 },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.group_name).toEqual([GROUP_MSG.nameTaken]);
  });

  it('keeps its own name on edit and changes the semester', async () => {
    const g = await makeGroup(ctx(), { semester_id: 1, group_name: 'Propio' });
    const res = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/groups/${g.id}`,
      payload: { group_name: 'Propio', semester_id: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: g.id,
      semester_id: 2,
      semester: { id: 2, semester_name: 'Segundo semestre' },
    });
  });

  it('lists groups sorted by name with numbers in order, a group without semester has semester null', async () => {
    await makeGroup(ctx(), { semester_id: 1, group_name: 'Orden 10' });
    await makeGroup(ctx(), { semester_id: 1, group_name: 'Orden 9' });
    await makeGroup(ctx(), { semester_id: null, group_name: 'Orden sin' });
    const res = await as(ctx(), student, { method: 'GET', url: '/api/groups' });
    expect(res.statusCode).toBe(200);
    const listed = res.json().filter((g: { group_name: string }) => g.group_name.startsWith('Orden'));
    expect(listed.map((g: { group_name: string }) => g.group_name)).toEqual(['Orden 9', 'Orden 10', 'Orden sin']);
    expect(listed[2]).toMatchObject({ semester_id: null, semester: null });
  });

  it('reads one group by id, and answers 404 for an unknown one', async () => {
    const g = await makeGroup(ctx(), { semester_id: 4, group_name: 'Solo 4' });
    const res = await as(ctx(), teacher, { method: 'GET', url: `/api/groups/${g.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: g.id,
      group_name: 'Solo 4',
      semester: { id: 4, semester_name: 'Cuarto semestre' },
    });
    const missing = await as(ctx(), teacher, { method: 'GET', url: '/api/groups/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(GROUP_MSG.notFound);
  });

  it('answers 403 when a teacher or a student writes, and 401 without a token', async () => {
    const g = await makeGroup(ctx(), { semester_id: 1 });
    for (const u of [teacher, student]) {
      expect(
        (await as(ctx(), u, { method: 'POST', url: '/api/groups', payload: { group_name: 'Z', semester_id: 1 } }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await as(ctx(), u, {
            method: 'PUT',
            url: `/api/groups/${g.id}`,
            payload: { group_name: 'Z', semester_id: 1 },
          })
        ).statusCode,
      ).toBe(403);
      expect((await as(ctx(), u, { method: 'DELETE', url: `/api/groups/${g.id}` })).statusCode).toBe(403);
    }
    expect((await as(ctx(), null, { method: 'GET', url: '/api/groups' })).statusCode).toBe(401);
  });

  it('deletes an empty group, and answers 404 for an unknown one', async () => {
    const g = await makeGroup(ctx(), { semester_id: 1 });
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/groups/${g.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(GROUP_MSG.deleted);
    expect((await as(ctx(), chief, { method: 'DELETE', url: `/api/groups/${g.id}` })).statusCode).toBe(404);
  });

  it('answers 409 naming the students and assignments of a group in use, and deletes nothing', async () => {
    const g = await makeGroup(ctx(), { semester_id: 1 });
    await addStudentToGroup(ctx(), g.id);
    await addStudentToGroup(ctx(), g.id);
    const t = await makeTeacher(ctx());
    const s = await makeSubject(ctx());
    await makeAssignment(ctx(), { user_id: t.id, subject_id: s.id, group_id: g.id, period_id: null });
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/groups/${g.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'El grupo no puede eliminarse porque tiene 2 alumnos inscritos y 1 asignación de profesor.',
    );
    expect(
      await ctx().database.db.selectFrom('groups').select('id').where('id', '=', g.id).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('GET /groups/{id}/students', () => {
  it('lists the students of a group sorted by name, with their fields', async () => {
    const g = await makeGroup(ctx(), { semester_id: 1 });
    await addStudentToGroup(ctx(), g.id, 'Zoila Pérez');
    const first = await addStudentToGroup(ctx(), g.id, 'Ángel Ruiz');
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/groups/${g.id}/students` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { full_name: string }) => s.full_name)).toEqual(['Ángel Ruiz', 'Zoila Pérez']);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['controlnumber', 'email', 'full_name', 'gender', 'id']);
    expect(res.json()[0].id).toBe(first.id);
  });

  it('lets a teacher read only the groups they teach, and refuses students', async () => {
    const mine = await makeGroup(ctx(), { semester_id: 1 });
    const other = await makeGroup(ctx(), { semester_id: 1 });
    const s = await makeSubject(ctx());
    await makeAssignment(ctx(), { user_id: teacher.id, subject_id: s.id, group_id: mine.id, period_id: null });
    expect((await as(ctx(), teacher, { method: 'GET', url: `/api/groups/${mine.id}/students` })).statusCode).toBe(200);
    expect((await as(ctx(), teacher, { method: 'GET', url: `/api/groups/${other.id}/students` })).statusCode).toBe(403);
    expect((await as(ctx(), student, { method: 'GET', url: `/api/groups/${mine.id}/students` })).statusCode).toBe(403);
  });
});

describe('GET /groups/subject/{id}', () => {
  it("answers the groups of the subject's semesters to a manager", async () => {
    const s = await makeSubject(ctx(), { semesters: [7, 8] });
    const g7 = await makeGroup(ctx(), { semester_id: 7 });
    const g8 = await makeGroup(ctx(), { semester_id: 8 });
    await makeGroup(ctx(), { semester_id: 6 });
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/groups/subject/${s.id}` });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((g: { id: number }) => g.id);
    expect(ids).toContain(g7.id);
    expect(ids).toContain(g8.id);
    expect(res.json().every((g: { semester_id: number }) => g.semester_id === 7 || g.semester_id === 8)).toBe(true);
  });

  it('answers a teacher only the groups of their own assignments of that subject', async () => {
    const t = await makeTeacher(ctx());
    const s = await makeSubject(ctx(), { semesters: [9] });
    const mine = await makeGroup(ctx(), { semester_id: 9 });
    await makeGroup(ctx(), { semester_id: 9 });
    await makeAssignment(ctx(), { user_id: t.id, subject_id: s.id, group_id: mine.id, period_id: null });
    const res = await as(ctx(), t, { method: 'GET', url: `/api/groups/subject/${s.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((g: { id: number }) => g.id)).toEqual([mine.id]);
  });

  it('answers 404 for an unknown subject', async () => {
    expect((await as(ctx(), chief, { method: 'GET', url: '/api/groups/subject/999999' })).statusCode).toBe(404);
  });
});
