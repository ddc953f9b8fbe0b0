import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, ROLE } from '@egreso/domain';
import { as, createUser, onPostgres, useTestApp, type TestUser } from '../../test/harness.js';
import {
  makeActivity,
  makeAssignment,
  makeCareer,
  makeGroup,
  makePeriod,
  makeSubject,
  makeTeacher,
} from '../../test/factories.js';

const ctx = useTestApp();

/** Makes the database refuse every new assignment of a group, as a failing write would. */
async function failInsertsOfGroup(groupId: number) {
  const db = ctx().database.db;
  if (onPostgres) {
    await sql
      .raw(
        `CREATE FUNCTION fail_assignment_insert() RETURNS trigger AS $$ BEGIN ` +
          `RAISE EXCEPTION 'simulated failure while inserting'; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER fail_assignment_insert BEFORE INSERT ON professor_subjects FOR EACH ROW ` +
          `WHEN (NEW.group_id = ${groupId}) EXECUTE FUNCTION fail_assignment_insert()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `CREATE TRIGGER fail_assignment_insert BEFORE INSERT ON professor_subjects ` +
          `WHEN NEW.group_id = ${groupId} BEGIN SELECT RAISE(ABORT, 'simulated failure while inserting'); END`,
      )
      .execute(db);
  }
}

async function dropFailingInserts() {
  const db = ctx().database.db;
  if (onPostgres) {
    await sql.raw('DROP TRIGGER fail_assignment_insert ON professor_subjects').execute(db);
    await sql.raw('DROP FUNCTION fail_assignment_insert()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER fail_assignment_insert').execute(db);
  }
}
// The assignments' mechanics run as the administrator (not limited to careers); a chief's careers are checked in
// users/career-scope.test.ts.
let admin: TestUser;
let student: TestUser;
let active: { id: number; period_name: string };
let career: { id: number; career_key: string; name: string };

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  student = await createUser(ctx(), ROLE.STUDENT);
  active = await makePeriod(ctx(), { is_active: 1 });
  career = await makeCareer(ctx(), { name: 'Ingeniería en Sistemas' });
});

/** A first-semester world: a teacher, two subjects of semester 1 and two groups of semester 1. */
async function world() {
  const teacher = await makeTeacher(ctx());
  const s1 = await makeSubject(ctx(), { semesters: [1], careers: [career.id] });
  const s2 = await makeSubject(ctx(), { semesters: [1] });
  const g1 = await makeGroup(ctx(), { semester_id: 1 });
  const g2 = await makeGroup(ctx(), { semester_id: 1 });
  return { teacher, s1, s2, g1, g2 };
}

const idsOf = async (userId: number) =>
  (
    await ctx()
      .database.db.selectFrom('professor_subjects')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('POST /professorsubjects', () => {
  it('creates an assignment in the active period with the subject first career, and reads it back whole', async () => {
    const { teacher, s1, g1 } = await world();
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: teacher.id, subject_id: s1.id, group_id: g1.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
      career_id: career.id,
      user: { id: teacher.id, full_name: teacher.full_name },
      subject: { id: s1.id, subject_name: s1.subject_name, subject_key: s1.subject_key },
      group: { id: g1.id, group_name: g1.group_name, semester_id: 1 },
      semester: { id: 1, semester_name: 'Primer semestre' },
      period: { id: active.id, period_name: active.period_name, is_active: true },
      career: { id: career.id, career_key: career.career_key, name: career.name },
    });
  });

  it("falls back to the teacher's first career when the subject has none, and honours explicit period and career", async () => {
    const other = await makeCareer(ctx());
    const teacher = await makeTeacher(ctx(), [other.id]);
    const s = await makeSubject(ctx(), { semesters: [1] });
    const g = await makeGroup(ctx(), { semester_id: 1 });
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: teacher.id, subject_id: s.id, group_id: g.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().career_id).toBe(other.id);
    const later = await makePeriod(ctx());
    const explicit = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: teacher.id, subject_id: s.id, group_id: g.id, period_id: later.id, career_id: career.id },
    });
    expect(explicit.statusCode).toBe(201);
    expect(explicit.json()).toMatchObject({ period_id: later.id, career_id: career.id });
  });

  it('answers 422 per field when professor, subject or group are missing', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: '', subject_id: null },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      user_id: [ASSIGNMENT_MSG.userRequired],
      subject_id: [ASSIGNMENT_MSG.subjectRequired],
      group_id: [ASSIGNMENT_MSG.groupRequired],
    });
  });

  it('answers 422 when the user is not a teacher', async () => {
    const { s1, g1 } = await world();
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: student.id, subject_id: s1.id, group_id: g1.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ user_id: [ASSIGNMENT_MSG.notTeacher] });
  });

  it("answers 422 when the subject does not belong to the group's semester", async () => {
    const { teacher, s1 } = await world();
    const g5 = await makeGroup(ctx(), { semester_id: 5 });
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: teacher.id, subject_id: s1.id, group_id: g5.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'La materia no corresponde al semestre del grupo.',
      errors: { subject_id: ['La materia no corresponde al semestre del grupo.'] },
    });
  });

  it('answers 422 for an unknown subject or group, and for a closed period', async () => {
    const { teacher, s1, g1 } = await world();
    const unknown = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: teacher.id, subject_id: 999999, group_id: 999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      subject_id: [ASSIGNMENT_MSG.subjectMissing],
      group_id: [ASSIGNMENT_MSG.groupMissing],
    });
    const closed = await makePeriod(ctx(), { status: 'closed' });
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { user_id: teacher.id, subject_id: s1.id, group_id: g1.id, period_id: closed.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ period_id: [ASSIGNMENT_MSG.periodClosed] });
  });

  it('answers 409 for a duplicate, and when another teacher already has that subject and group', async () => {
    const { teacher, s1, g1 } = await world();
    const payload = { user_id: teacher.id, subject_id: s1.id, group_id: g1.id };
    expect((await as(ctx(), admin, { method: 'POST', url: '/api/professorsubjects', payload })).statusCode).toBe(201);
    const dup = await as(ctx(), admin, { method: 'POST', url: '/api/professorsubjects', payload });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ASSIGNMENT_MSG.duplicate);
    const other = await makeTeacher(ctx());
    const taken = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/professorsubjects',
      payload: { ...payload, user_id: other.id },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ASSIGNMENT_MSG.takenByOther(s1.subject_name, g1.group_name, teacher.full_name));
    expect(await idsOf(other.id)).toEqual([]);
  });

  it('answers 403 when a teacher or a student assigns, and 401 without a token', async () => {
    const { teacher, s1, g1 } = await world();
    const payload = { user_id: teacher.id, subject_id: s1.id, group_id: g1.id };
    expect((await as(ctx(), teacher, { method: 'POST', url: '/api/professorsubjects', payload })).statusCode).toBe(403);
    expect((await as(ctx(), student, { method: 'POST', url: '/api/professorsubjects', payload })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'POST', url: '/api/professorsubjects', payload })).statusCode).toBe(401);
    expect(await idsOf(teacher.id)).toEqual([]);
  });
});

describe('GET /professorsubjects', () => {
  it('answers managers every assignment, filtered by user and period; current=1 keeps the active period', async () => {
    const { teacher, s1, s2, g1 } = await world();
    const past = await makePeriod(ctx());
    const a = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const b = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g1.id,
      period_id: past.id,
    });
    const all = await as(ctx(), admin, { method: 'GET', url: `/api/professorsubjects?user_id=${teacher.id}` });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const byPeriod = await as(ctx(), admin, {
      method: 'GET',
      url: `/api/professorsubjects?user_id=${teacher.id}&period_id=${past.id}`,
    });
    expect(byPeriod.json().map((x: { id: number }) => x.id)).toEqual([b.id]);
    const current = await as(ctx(), admin, {
      method: 'GET',
      url: `/api/professorsubjects?user_id=${teacher.id}&current=1`,
    });
    expect(current.json().map((x: { id: number }) => x.id)).toEqual([a.id]);
    const everyone = await as(ctx(), admin, { method: 'GET', url: '/api/professorsubjects' });
    expect(everyone.json().length).toBeGreaterThanOrEqual(2);
  });

  it('answers a teacher only their own, 403 when asking for another teacher, and 403 to students', async () => {
    const { teacher, s1, g1 } = await world();
    const other = await makeTeacher(ctx());
    const mine = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const res = await as(ctx(), teacher, { method: 'GET', url: '/api/professorsubjects' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect(
      (await as(ctx(), teacher, { method: 'GET', url: `/api/professorsubjects?user_id=${other.id}` })).statusCode,
    ).toBe(403);
    expect((await as(ctx(), student, { method: 'GET', url: '/api/professorsubjects' })).statusCode).toBe(403);
  });
});

describe('DELETE /professorsubjects/{id}', () => {
  it('deletes an assignment without activities', async () => {
    const { teacher, s1, g1 } = await world();
    const a = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/professorsubjects/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(await idsOf(teacher.id)).toEqual([]);
    expect((await as(ctx(), admin, { method: 'DELETE', url: `/api/professorsubjects/${a.id}` })).statusCode).toBe(404);
  });

  it('answers 409 when activities use it, and keeps it', async () => {
    const { teacher, s1, g1 } = await world();
    const a = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    await makeActivity(ctx(), a.id);
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/professorsubjects/${a.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ASSIGNMENT_MSG.inUse([`${s1.subject_name} - ${g1.group_name}`]));
    expect(await idsOf(teacher.id)).toEqual([a.id]);
  });
});

describe('PUT /professorsubjects/by-professor/{userId}', () => {
  it('saves by comparison: unchanged rows keep their ids, removed rows are deleted, new rows are created', async () => {
    const { teacher, s1, s2, g1, g2 } = await world();
    const keep = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const drop = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${teacher.id}`,
      payload: {
        rows: [
          { subject_id: s1.id, group_id: g1.id },
          { subject_id: s2.id, group_id: g2.id },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.kept).toEqual([keep.id]);
    expect(out.deleted).toEqual([drop.id]);
    expect(out.created).toHaveLength(1);
    expect(out.message).toBe(ASSIGNMENT_MSG.saved);
    expect(out.assignments.map((a: { id: number }) => a.id).sort()).toEqual([keep.id, out.created[0]].sort());
    const created = out.assignments.find((a: { id: number }) => a.id === out.created[0]);
    expect(created).toMatchObject({ subject_id: s2.id, group_id: g2.id, period_id: active.id });
    expect(await idsOf(teacher.id)).toEqual([keep.id, out.created[0]].sort((a, b) => a - b));
  });

  it("leaves the teacher's other periods untouched", async () => {
    const { teacher, s1, s2, g1 } = await world();
    const past = await makePeriod(ctx());
    const old = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g1.id,
      period_id: past.id,
    });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${teacher.id}`,
      payload: { rows: [{ subject_id: s1.id, group_id: g1.id }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toEqual([]);
    expect(await idsOf(teacher.id)).toContain(old.id);
  });

  it('answers 409 when a removed row has activities, and changes nothing', async () => {
    const { teacher, s1, s2, g1, g2 } = await world();
    const used = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const free = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g1.id,
      period_id: active.id,
    });
    await makeActivity(ctx(), used.id);
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${teacher.id}`,
      payload: { rows: [{ subject_id: s2.id, group_id: g2.id }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ASSIGNMENT_MSG.inUse([`${s1.subject_name} - ${g1.group_name}`]));
    expect(await idsOf(teacher.id)).toEqual([used.id, free.id]);
  });

  it('validates every row first: 422 naming the row, and changes nothing', async () => {
    const { teacher, s1, s2, g1 } = await world();
    const existing = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const g7 = await makeGroup(ctx(), { semester_id: 7 });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${teacher.id}`,
      payload: {
        rows: [
          { subject_id: s2.id, group_id: g1.id },
          { subject_id: s2.id, group_id: g7.id },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'rows.1.subject_id': [ASSIGNMENT_MSG.wrongSemester] });
    expect(await idsOf(teacher.id)).toEqual([existing.id]);
  });

  it("keeps a held row whose subject has since left the group's semester, and still refuses it as a new row", async () => {
    const { teacher, s1, s2, g1, g2 } = await world();
    const existing = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    // The chief moves the subject to the second semester after assigning it.
    const db = ctx().database.db;
    await db.deleteFrom('subject_semesters').where('subject_id', '=', s1.id).execute();
    await db.insertInto('subject_semesters').values({ subject_id: s1.id, semester_id: 2 }).execute();
    const url = `/api/professorsubjects/by-professor/${teacher.id}`;

    const saved = await as(ctx(), admin, {
      method: 'PUT',
      url,
      payload: {
        rows: [
          { subject_id: s1.id, group_id: g1.id },
          { subject_id: s2.id, group_id: g2.id },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().kept).toEqual([existing.id]);
    expect(saved.json().created).toHaveLength(1);

    const refused = await as(ctx(), admin, {
      method: 'PUT',
      url,
      payload: {
        rows: [
          { subject_id: s1.id, group_id: g1.id },
          { subject_id: s1.id, group_id: g2.id },
        ],
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'rows.1.subject_id': [ASSIGNMENT_MSG.wrongSemester] });
  });

  it('answers 422 without rows, and with the spec message', async () => {
    const { teacher } = await world();
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${teacher.id}`,
      payload: { rows: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rows).toEqual([ASSIGNMENT_MSG.fillEdit]);
  });

  it('rolls back the deletions when a later write fails', async () => {
    const { teacher, s1, s2, g1, g2 } = await world();
    const a = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const b = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g1.id,
      period_id: active.id,
    });
    // The database refuses the new row (a trigger), after the save has deleted the rows it replaces.
    await failInsertsOfGroup(g2.id);
    try {
      const res = await as(ctx(), admin, {
        method: 'PUT',
        url: `/api/professorsubjects/by-professor/${teacher.id}`,
        payload: { rows: [{ subject_id: s2.id, group_id: g2.id }] },
      });
      // SQLite words a trigger's refusal as a constraint (409), PostgreSQL's as an unexpected error (500).
      expect(res.statusCode).toBe(onPostgres ? 500 : 409);
      expect(res.json().message).not.toContain('simulated');
    } finally {
      await dropFailingInserts();
    }
    expect(await idsOf(teacher.id)).toEqual([a.id, b.id]);
  });

  it('answers 409 when a new row is held by another teacher, and changes nothing', async () => {
    const { teacher, s1, s2, g1 } = await world();
    const other = await makeTeacher(ctx());
    await makeAssignment(ctx(), { user_id: other.id, subject_id: s2.id, group_id: g1.id, period_id: active.id });
    const mine = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${teacher.id}`,
      payload: { rows: [{ subject_id: s2.id, group_id: g1.id }] },
    });
    expect(res.statusCode).toBe(409);
    expect(await idsOf(teacher.id)).toEqual([mine.id]);
  });

  it('answers 403 to teachers, 404 for an unknown user and 422 for a non-teacher', async () => {
    const { teacher, s1, g1 } = await world();
    const payload = { rows: [{ subject_id: s1.id, group_id: g1.id }] };
    expect(
      (await as(ctx(), teacher, { method: 'PUT', url: `/api/professorsubjects/by-professor/${teacher.id}`, payload }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(ctx(), admin, { method: 'PUT', url: '/api/professorsubjects/by-professor/999999', payload }))
        .statusCode,
    ).toBe(404);
    const notTeacher = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/professorsubjects/by-professor/${student.id}`,
      payload,
    });
    expect(notTeacher.statusCode).toBe(422);
    expect(notTeacher.json().errors).toEqual({ user_id: [ASSIGNMENT_MSG.notTeacher] });
  });
});

describe('DELETE /professorsubjects/by-professor/{userId}', () => {
  it("deletes all of the teacher's assignments of the active period only", async () => {
    const { teacher, s1, s2, g1 } = await world();
    const past = await makePeriod(ctx());
    await makeAssignment(ctx(), { user_id: teacher.id, subject_id: s1.id, group_id: g1.id, period_id: active.id });
    await makeAssignment(ctx(), { user_id: teacher.id, subject_id: s2.id, group_id: g1.id, period_id: active.id });
    const old = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: past.id,
    });
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/professorsubjects/by-professor/${teacher.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ASSIGNMENT_MSG.deletedAll, deleted: 2 });
    expect(await idsOf(teacher.id)).toEqual([old.id]);
  });

  it('answers 409 when any of them has activities, and deletes none', async () => {
    const { teacher, s1, s2, g1 } = await world();
    const a = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g1.id,
      period_id: active.id,
    });
    const b = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g1.id,
      period_id: active.id,
    });
    await makeActivity(ctx(), b.id);
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/professorsubjects/by-professor/${teacher.id}` });
    expect(res.statusCode).toBe(409);
    expect(await idsOf(teacher.id)).toEqual([a.id, b.id]);
  });

  it('answers 403 to teachers', async () => {
    const { teacher } = await world();
    expect(
      (await as(ctx(), teacher, { method: 'DELETE', url: `/api/professorsubjects/by-professor/${teacher.id}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('teacher views', () => {
  it("GET /profesor/materias answers the signed-in teacher's assignments with the subject careers, filtered by career", async () => {
    const other = await makeCareer(ctx(), { name: 'Ingeniería Industrial' });
    const teacher = await makeTeacher(ctx());
    const s1 = await makeSubject(ctx(), { semesters: [1], careers: [career.id, other.id] });
    const s2 = await makeSubject(ctx(), { semesters: [1], careers: [other.id] });
    const g = await makeGroup(ctx(), { semester_id: 1 });
    const a1 = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s1.id,
      group_id: g.id,
      period_id: active.id,
      career_id: career.id,
    });
    const a2 = await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s2.id,
      group_id: g.id,
      period_id: active.id,
      career_id: null,
    });
    const all = await as(ctx(), teacher, { method: 'GET', url: '/api/profesor/materias' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const first = all.json().find((a: { id: number }) => a.id === a1.id);
    expect(first).toMatchObject({
      semester: { id: 1, semester_name: 'Primer semestre' },
      group: { id: g.id },
      subject: { id: s1.id },
    });
    expect(first.careers.map((c: { name: string }) => c.name)).toEqual([
      'Ingeniería en Sistemas',
      'Ingeniería Industrial',
    ]);
    const isc = await as(ctx(), teacher, { method: 'GET', url: `/api/profesor/materias?career_id=${career.id}` });
    expect(isc.json().map((a: { id: number }) => a.id)).toEqual([a1.id]);
    const ind = await as(ctx(), teacher, { method: 'GET', url: `/api/profesor/materias?career_id=${other.id}` });
    // The first assignment's own career (ISC) decides; the second has none, so its subject's careers do.
    expect(ind.json().map((a: { id: number }) => a.id)).toEqual([a2.id]);
  });

  it('GET /mis-carreras joins own careers and assignment careers, distinct and sorted', async () => {
    const zeta = await makeCareer(ctx(), { name: 'Zootecnia' });
    const arq = await makeCareer(ctx(), { name: 'Arquitectura' });
    const teacher = await makeTeacher(ctx(), [zeta.id, career.id]);
    const s = await makeSubject(ctx(), { semesters: [1] });
    const g = await makeGroup(ctx(), { semester_id: 1 });
    await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s.id,
      group_id: g.id,
      period_id: active.id,
      career_id: arq.id,
    });
    await makeAssignment(ctx(), {
      user_id: teacher.id,
      subject_id: s.id,
      group_id: g.id,
      period_id: null,
      career_id: zeta.id,
    });
    const res = await as(ctx(), teacher, { method: 'GET', url: '/api/mis-carreras' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: arq.id, career_key: arq.career_key, name: 'Arquitectura' },
      { id: career.id, career_key: career.career_key, name: 'Ingeniería en Sistemas' },
      { id: zeta.id, career_key: zeta.career_key, name: 'Zootecnia' },
    ]);
    expect((await as(ctx(), null, { method: 'GET', url: '/api/mis-carreras' })).statusCode).toBe(401);
  });
});
