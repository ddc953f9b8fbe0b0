import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLE, SUBJECT_MSG } from '@egreso/domain';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import {
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeGroup,
  makePeriod,
  makeSubject,
  makeTeacher,
  tag,
} from '../../test/factories.js';

const ctx = useTestApp();
// The catalogue's rules, whoever keeps it; what a manager may change is in subject-group-scope.test.ts.
let manager: TestUser;
let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  manager = await createUser(ctx(), ROLE.ADMIN);
  teacher = await createUser(ctx(), ROLE.TEACHER);
  student = await createUser(ctx(), ROLE.STUDENT);
});

const body = (overrides: Record<string, unknown> = {}) => ({
  subject_name: `Materia ${tag()}`,
  subject_key: `K-${tag()}`,
  theory_credits: 2,
  practice_credits: 3,
  ...overrides,
});

describe('subjects: create and read', () => {
  it('creates a subject with prerequisites, semesters, careers and attributes with levels, in one answer', async () => {
    const pre = await makeSubject(ctx(), { subject_name: 'Cálculo Diferencial' });
    const career = await makeCareer(ctx(), { name: 'Sistemas' });
    const a1 = await makeAttribute(ctx(), { attribute_name: 'Diseño', career_id: career.id });
    const a2 = await makeAttribute(ctx(), { attribute_name: 'Análisis' });
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({
        subject_name: 'Cálculo Integral',
        subject_key: 'ACF-0902',
        theory_credits: '3',
        practice_credits: 2,
        prerequisites: [pre.id],
        semesters: [2, 3],
        careers: [career.id],
        attributes: [{ id: a1.id, knowledge_level: 'A' }, { id: a2.id }],
      }),
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      subject_name: 'Cálculo Integral',
      subject_key: 'ACF-0902',
      theory_credits: 3,
      practice_credits: 2,
      prerequisites: [pre.id],
      semesters: [
        { id: 2, semester_name: 'Segundo semestre' },
        { id: 3, semester_name: 'Tercer semestre' },
      ],
      careers: [{ id: career.id, career_key: career.career_key, name: 'Sistemas' }],
    });
    // Attributes sorted by name; the level defaults to I and is also under pivot.
    expect(s.attributes).toEqual([
      expect.objectContaining({
        id: a2.id,
        attribute_name: 'Análisis',
        career: null,
        knowledge_level: 'I',
        pivot: { knowledge_level: 'I' },
      }),
      expect.objectContaining({
        id: a1.id,
        attribute_name: 'Diseño',
        career: { id: career.id, name: 'Sistemas' },
        knowledge_level: 'A',
        pivot: { knowledge_level: 'A' },
      }),
    ]);
    const again = await as(ctx(), student, { method: 'GET', url: `/api/subjects/${s.id}` });
    expect(again.json()).toEqual(s);
  });

  it('creates a subject with only the required fields: empty link sets', async () => {
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ theory_credits: 0, practice_credits: 30 }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      prerequisites: [],
      semesters: [],
      careers: [],
      attributes: [],
      theory_credits: 0,
      practice_credits: 30,
    });
  });

  it('lists subjects sorted with Spanish collation, to every signed-in role', async () => {
    for (const subject_name of ['Zoología lista', 'Álgebra lista', 'Lógica lista'])
      await makeSubject(ctx(), { subject_name });
    for (const u of [manager, teacher, student]) {
      const res = await as(ctx(), u, { method: 'GET', url: '/api/subjects' });
      expect(res.statusCode).toBe(200);
      const names = res
        .json()
        .map((s: { subject_name: string }) => s.subject_name)
        .filter((n: string) => n.endsWith(' lista'));
      expect(names).toEqual(['Álgebra lista', 'Lógica lista', 'Zoología lista']);
    }
  });

  it('reads the whole list with one query per table, whatever the number of subjects', async () => {
    const app = ctx().app;
    const original = app.db;
    /** The SELECT statements run while answering GET /subjects. */
    const selectsOfList = async () => {
      const kinds: string[] = [];
      const counted = original.withPlugin({
        transformQuery: (args) => {
          kinds.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      Object.defineProperty(app, 'db', { value: counted, configurable: true, writable: true });
      try {
        const res = await as(ctx(), manager, { method: 'GET', url: '/api/subjects' });
        expect(res.statusCode).toBe(200);
        return { selects: kinds.filter((k) => k === 'SelectQueryNode').length, subjects: res.json().length as number };
      } finally {
        Object.defineProperty(app, 'db', { value: original, configurable: true, writable: true });
      }
    };
    const before = await selectsOfList();
    for (let i = 0; i < 6; i++) await makeSubject(ctx(), { semesters: [1, 2] });
    const after = await selectsOfList();
    expect(after.subjects).toBe(before.subjects + 6);
    expect(after.selects).toBe(before.selects);
    // The token lookup, then subjects, prerequisites, semesters, careers and attributes.
    expect(after.selects).toBe(6);
  });

  it("answers the subject's attributes with their levels", async () => {
    const a = await makeAttribute(ctx(), { attribute_name: 'Comunicación' });
    const s = await makeSubject(ctx());
    await ctx()
      .database.db.insertInto('subject_attributes')
      .values({ subject_id: s.id, attribute_id: a.id, knowledge_level: 'M' })
      .execute();
    const res = await as(ctx(), teacher, { method: 'GET', url: `/api/subjects/${s.id}/attributes` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: a.id,
        attribute_name: 'Comunicación',
        knowledge_level: 'M',
        pivot: { knowledge_level: 'M' },
      }),
    ]);
    expect((await as(ctx(), teacher, { method: 'GET', url: '/api/subjects/999999/attributes' })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown subject', async () => {
    const res = await as(ctx(), student, { method: 'GET', url: '/api/subjects/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SUBJECT_MSG.notFound);
  });

  it('answers 401 without a token', async () => {
    expect((await as(ctx(), null, { method: 'GET', url: '/api/subjects' })).statusCode).toBe(401);
  });
});

describe('subjects: validation', () => {
  it('answers 422 per field for missing required fields', async () => {
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: { subject_name: ' ', subject_key: '', theory_credits: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      subject_name: [SUBJECT_MSG.nameRequired],
      subject_key: [SUBJECT_MSG.keyRequired],
      theory_credits: [SUBJECT_MSG.theoryCredits],
      practice_credits: [SUBJECT_MSG.practiceCredits],
    });
  });

  it('answers 422 when the name exceeds 120 characters or the key 20', async () => {
    const ok = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ subject_name: 'n'.repeat(120), subject_key: `L${tag()}`.padEnd(20, 'x') }),
    });
    expect(ok.statusCode).toBe(201);
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ subject_name: 'n'.repeat(121), subject_key: 'k'.repeat(21) }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subject_name).toEqual([MSG.tooLong(120)]);
    expect(res.json().errors.subject_key).toEqual([MSG.tooLong(20)]);
  });

  it('keeps decimal credits exactly ("numeric 0 to 30") and reads a decimal comma-free text', async () => {
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ theory_credits: 4.5, practice_credits: '2.25' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ theory_credits: 4.5, practice_credits: 2.25 });
    const read = await as(ctx(), manager, { method: 'GET', url: `/api/subjects/${res.json().id}` });
    expect(read.json()).toMatchObject({ theory_credits: 4.5, practice_credits: 2.25 });
  });

  it('answers 422 for credits outside 0-30, not numbers or with more than two decimals', async () => {
    for (const [theory, practice] of [
      [-1, 31],
      [2.555, 'abc'],
    ] as const) {
      const res = await as(ctx(), manager, {
        method: 'POST',
        url: '/api/subjects',
        payload: body({ theory_credits: theory, practice_credits: practice }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        theory_credits: [SUBJECT_MSG.theoryCredits],
        practice_credits: [SUBJECT_MSG.practiceCredits],
      });
    }
  });

  it('answers 422 for a knowledge level other than I, M or A', async () => {
    const a = await makeAttribute(ctx());
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ attributes: [{ id: a.id, knowledge_level: 'B' }] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['attributes.0.knowledge_level']).toEqual([SUBJECT_MSG.level]);
  });

  it('answers 422 per field for unknown prerequisites, semesters, careers and attributes', async () => {
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ prerequisites: [999999], careers: [999999], attributes: [{ id: 999999, knowledge_level: 'I' }] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      prerequisites: [SUBJECT_MSG.prerequisiteMissing],
      careers: [SUBJECT_MSG.careerMissing],
      attributes: [SUBJECT_MSG.attributeMissing],
    });
    const sem = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ semesters: [0, 10] }),
    });
    expect(sem.statusCode).toBe(422);
    expect(sem.json().errors['semesters.0']).toEqual([SUBJECT_MSG.semesterInvalid]);
  });

  it('answers 422 on the field for a duplicate key, ignoring case, and creates nothing', async () => {
    const existing = await makeSubject(ctx());
    const name = `Duplicada ${tag()}`;
    const res = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({ subject_name: name, subject_key: existing.subject_key.toLowerCase() }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: SUBJECT_MSG.keyTaken, errors: { subject_key: [SUBJECT_MSG.keyTaken] } });
    expect(
      await ctx().database.db.selectFrom('subjects').select('id').where('subject_name', '=', name).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers 403 when a teacher or a student writes', async () => {
    const s = await makeSubject(ctx());
    for (const u of [teacher, student]) {
      expect((await as(ctx(), u, { method: 'POST', url: '/api/subjects', payload: body() })).statusCode).toBe(403);
      expect((await as(ctx(), u, { method: 'PUT', url: `/api/subjects/${s.id}`, payload: body() })).statusCode).toBe(
        403,
      );
      expect((await as(ctx(), u, { method: 'DELETE', url: `/api/subjects/${s.id}` })).statusCode).toBe(403);
    }
  });
});

describe('subjects: update', () => {
  it('replaces every link set in one save', async () => {
    const preA = await makeSubject(ctx());
    const preB = await makeSubject(ctx());
    const a1 = await makeAttribute(ctx());
    const a2 = await makeAttribute(ctx());
    const c1 = await makeCareer(ctx());
    const c2 = await makeCareer(ctx());
    const created = await as(ctx(), manager, {
      method: 'POST',
      url: '/api/subjects',
      payload: body({
        prerequisites: [preA.id],
        semesters: [1],
        careers: [c1.id],
        attributes: [{ id: a1.id, knowledge_level: 'I' }],
      }),
    });
    const id = created.json().id;
    const res = await as(ctx(), manager, {
      method: 'PUT',
      url: `/api/subjects/${id}`,
      payload: body({
        subject_name: 'Editada',
        subject_key: created.json().subject_key,
        prerequisites: [preB.id],
        semesters: [4, 5],
        careers: [c2.id],
        attributes: [{ id: a2.id, knowledge_level: 'M' }],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subject_name: 'Editada',
      prerequisites: [preB.id],
      semesters: [{ id: 4 }, { id: 5 }],
      careers: [{ id: c2.id }],
      attributes: [expect.objectContaining({ id: a2.id, knowledge_level: 'M' })],
    });
    const links = await ctx()
      .database.db.selectFrom('subject_attributes')
      .select('attribute_id')
      .where('subject_id', '=', id)
      .execute();
    expect(links).toEqual([{ attribute_id: a2.id }]);
  });

  it('refuses a subject as its own prerequisite with 422 and a Spanish message', async () => {
    const s = await makeSubject(ctx());
    const res = await as(ctx(), manager, {
      method: 'PUT',
      url: `/api/subjects/${s.id}`,
      payload: body({ subject_key: s.subject_key, prerequisites: [s.id] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.prerequisites).toEqual([SUBJECT_MSG.selfPrerequisite]);
  });

  it('refuses a prerequisite cycle with 422 naming the subject that closes it, and changes nothing', async () => {
    const a = await makeSubject(ctx(), { subject_name: 'Ciclo A' });
    const b = await makeSubject(ctx(), { subject_name: 'Ciclo B', prerequisites: [a.id] });
    const c = await makeSubject(ctx(), { subject_name: 'Ciclo C', prerequisites: [b.id] });
    // A requiring C would close A <- B <- C <- A.
    const res = await as(ctx(), manager, {
      method: 'PUT',
      url: `/api/subjects/${a.id}`,
      payload: body({ subject_name: 'Ciclo A', subject_key: a.subject_key, prerequisites: [c.id] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.prerequisites).toEqual([SUBJECT_MSG.cycle('Ciclo C')]);
    expect(res.json().message).toBe(SUBJECT_MSG.cycle('Ciclo C'));
    const links = await ctx()
      .database.db.selectFrom('subject_prerequisites')
      .select('prerequisite_id')
      .where('subject_id', '=', a.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('answers 422 on the key when it is taken by another subject, and 404 for an unknown subject', async () => {
    const a = await makeSubject(ctx());
    const b = await makeSubject(ctx());
    const res = await as(ctx(), manager, {
      method: 'PUT',
      url: `/api/subjects/${a.id}`,
      payload: body({ subject_key: b.subject_key }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subject_key).toEqual([SUBJECT_MSG.keyTaken]);
    expect((await as(ctx(), manager, { method: 'PUT', url: '/api/subjects/999999', payload: body() })).statusCode).toBe(
      404,
    );
  });
});

describe('subjects: delete', () => {
  it('deletes an unused subject with its links', async () => {
    const a = await makeAttribute(ctx());
    const s = await makeSubject(ctx(), { semesters: [1, 2] });
    await ctx()
      .database.db.insertInto('subject_attributes')
      .values({ subject_id: s.id, attribute_id: a.id, knowledge_level: 'I' })
      .execute();
    const res = await as(ctx(), manager, { method: 'DELETE', url: `/api/subjects/${s.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SUBJECT_MSG.deleted);
    expect(
      await ctx().database.db.selectFrom('subject_semesters').select('id').where('subject_id', '=', s.id).execute(),
    ).toEqual([]);
  });

  it('answers 409 for a subject other subjects require, and deletes nothing', async () => {
    const pre = await makeSubject(ctx());
    await makeSubject(ctx(), { prerequisites: [pre.id] });
    const res = await as(ctx(), manager, { method: 'DELETE', url: `/api/subjects/${pre.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'La materia no puede eliminarse porque tiene 1 materia que la requiere como prerrequisito.',
    );
    expect(
      await ctx().database.db.selectFrom('subjects').select('id').where('id', '=', pre.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it('answers 409 for a subject with assignments and enrolments', async () => {
    const s = await makeSubject(ctx());
    const t = await makeTeacher(ctx());
    const g = await makeGroup(ctx(), { semester_id: 1 });
    const p = await makePeriod(ctx());
    await makeAssignment(ctx(), { user_id: t.id, subject_id: s.id, group_id: g.id, period_id: p.id });
    await ctx()
      .database.db.insertInto('enrolments')
      .values({
        user_id: student.id,
        subject_id: s.id,
        semester_id: 1,
        period_id: p.id,
        status_id: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await as(ctx(), manager, { method: 'DELETE', url: `/api/subjects/${s.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'La materia no puede eliminarse porque tiene 1 asignación de profesor y 1 inscripción de alumno.',
    );
  });
});
