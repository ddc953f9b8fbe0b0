import { beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTE_MSG, MSG, ROLE } from '@egreso/domain';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import {
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeGroup,
  makeSubject,
  makeTeacher,
} from '../../test/factories.js';

const ctx = useTestApp();
let chief: TestUser;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;

/** A career linked to the chief (DESIGN §5: a chief writes their careers' attributes). */
async function chiefCareer(overrides: { career_key?: string; name?: string }) {
  const career = await makeCareer(ctx(), overrides);
  await ctx().database.db.insertInto('user_careers').values({ user_id: chief.id, career_id: career.id }).execute();
  return career;
}

beforeAll(async () => {
  chief = await createUser(ctx(), ROLE.CHIEF);
  admin = await createUser(ctx(), ROLE.ADMIN);
  teacher = await createUser(ctx(), ROLE.TEACHER);
  student = await createUser(ctx(), ROLE.STUDENT);
});

describe('attributes', () => {
  it('creates an attribute and reads it back with its career', async () => {
    const career = await chiefCareer({ name: 'Ingeniería de Pruebas' });
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: {
        attribute_name: '  Diseño en ingeniería ',
        description: 'Diseña sistemas.',
        codigo: 'AE2',
        career_id: career.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      attribute_name: 'Diseño en ingeniería',
      description: 'Diseña sistemas.',
      codigo: 'AE2',
      career_id: career.id,
      career: { id: career.id, name: 'Ingeniería de Pruebas' },
    });
    const audit = await ctx()
      .database.db.selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', res.json().id)
      .where('action', '=', 'attribute.create')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets an administrator create one too, without career (career null)', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'Sin carrera', description: 'x' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ career_id: null, career: null, codigo: null });
  });

  it('answers 422 per field when name or description are missing on create', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: '', description: '  ' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      attribute_name: [ATTRIBUTE_MSG.nameRequired],
      description: [ATTRIBUTE_MSG.descriptionRequired],
    });
  });

  it('answers 422 when the name exceeds 50 characters or the code 20', async () => {
    const ok = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'a'.repeat(50), description: 'd' },
    });
    expect(ok.statusCode).toBe(201);
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'a'.repeat(51), description: 'd', codigo: 'c'.repeat(21) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.attribute_name).toEqual([MSG.tooLong(50)]);
    expect(res.json().errors.codigo).toEqual([MSG.tooLong(20)]);
  });

  it('answers 422 on the name when the career already has an attribute of that name, ignoring case, and creates nothing', async () => {
    const career = await chiefCareer({});
    await makeAttribute(ctx(), { attribute_name: 'Trabajo en equipo', career_id: career.id });
    const count = async () =>
      (await ctx().database.db.selectFrom('attributes').select('id').where('career_id', '=', career.id).execute())
        .length;
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: ' TRABAJO EN EQUIPO ', description: 'x', career_id: career.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: ATTRIBUTE_MSG.nameTaken,
      errors: { attribute_name: [ATTRIBUTE_MSG.nameTaken] },
    });
    expect(await count()).toBe(1);
  });

  it('accepts the same name in another career and without career, once', async () => {
    const [a, b] = [await chiefCareer({}), await chiefCareer({})];
    await makeAttribute(ctx(), { attribute_name: 'Ética profesional', career_id: a.id });
    const other = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'Ética profesional', description: 'x', career_id: b.id },
    });
    expect(other.statusCode).toBe(201);
    const none = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'Ética profesional', description: 'x' },
    });
    expect(none.statusCode).toBe(201);
    const again = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'ética profesional', description: 'x' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ attribute_name: [ATTRIBUTE_MSG.nameTaken] });
  });

  it('answers 422 on update when the name is taken by another attribute of the career, and keeps its own name', async () => {
    const career = await chiefCareer({});
    await makeAttribute(ctx(), { attribute_name: 'Comunicación', career_id: career.id });
    const mine = await makeAttribute(ctx(), { attribute_name: 'Liderazgo', career_id: career.id });
    const url = `/api/attributes/${mine.id}`;
    const taken = await as(ctx(), chief, {
      method: 'PUT',
      url,
      payload: { attribute_name: 'comunicación', description: 'x', career_id: career.id },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ attribute_name: [ATTRIBUTE_MSG.nameTaken] });
    const same = await as(ctx(), chief, {
      method: 'PUT',
      url,
      payload: { attribute_name: 'LIDERAZGO', description: 'x', career_id: career.id },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().attribute_name).toBe('LIDERAZGO');
  });

  it('answers 422 when the career does not exist', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST',
      url: '/api/attributes',
      payload: { attribute_name: 'X', description: 'd', career_id: 999999 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ career_id: [ATTRIBUTE_MSG.careerMissing] });
  });

  it('lists attributes sorted with Spanish collation, to every signed-in role', async () => {
    const names = ['Zeta orden', 'ñandú orden', 'Oro orden', 'Ética orden', 'Nube orden'];
    for (const attribute_name of names) await makeAttribute(ctx(), { attribute_name });
    for (const u of [chief, teacher, student]) {
      const res = await as(ctx(), u, { method: 'GET', url: '/api/attributes' });
      expect(res.statusCode).toBe(200);
      const listed: string[] = res
        .json()
        .map((a: { attribute_name: string }) => a.attribute_name)
        .filter((n: string) => n.endsWith(' orden'));
      // Byte order would put 'Ética' and 'ñandú' last; Spanish places them with E and after N.
      expect(listed).toEqual(['Ética orden', 'Nube orden', 'ñandú orden', 'Oro orden', 'Zeta orden']);
    }
  });

  it('reads one attribute by id, and answers 404 for an unknown one', async () => {
    const a = await makeAttribute(ctx(), { attribute_name: 'Uno solo' });
    const res = await as(ctx(), student, { method: 'GET', url: `/api/attributes/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, attribute_name: 'Uno solo', career: null });
    const missing = await as(ctx(), student, { method: 'GET', url: '/api/attributes/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ATTRIBUTE_MSG.notFound);
  });

  it('answers 401 without a token', async () => {
    expect((await as(ctx(), null, { method: 'GET', url: '/api/attributes' })).statusCode).toBe(401);
    expect(
      (
        await as(ctx(), null, {
          method: 'POST',
          url: '/api/attributes',
          payload: { attribute_name: 'x', description: 'y' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 403 when a teacher or a student writes', async () => {
    const a = await makeAttribute(ctx());
    for (const u of [teacher, student]) {
      expect(
        (
          await as(ctx(), u, {
            method: 'POST',
            url: '/api/attributes',
            payload: { attribute_name: 'x', description: 'y' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await as(ctx(), u, {
            method: 'PUT',
            url: `/api/attributes/${a.id}`,
            payload: { attribute_name: 'x', description: 'y' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await as(ctx(), u, { method: 'DELETE', url: `/api/attributes/${a.id}` })).statusCode).toBe(403);
    }
    const still = await ctx()
      .database.db.selectFrom('attributes')
      .select('attribute_name')
      .where('id', '=', a.id)
      .executeTakeFirst();
    expect(still?.attribute_name).toBe(a.attribute_name);
  });

  it('updates name, description and career; a cleared description becomes null', async () => {
    const a = await makeAttribute(ctx());
    const career = await chiefCareer({});
    const res = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/attributes/${a.id}`,
      payload: { attribute_name: 'Nuevo nombre', description: '', career_id: career.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      attribute_name: 'Nuevo nombre',
      description: null,
      career: { id: career.id },
    });
  });

  it('answers 422 on update when the name exceeds 50 characters, and 404 for an unknown attribute', async () => {
    const a = await makeAttribute(ctx());
    const long = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/attributes/${a.id}`,
      payload: { attribute_name: 'n'.repeat(51) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.attribute_name).toEqual([MSG.tooLong(50)]);
    const missing = await as(ctx(), chief, {
      method: 'PUT',
      url: '/api/attributes/999999',
      payload: { attribute_name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ATTRIBUTE_MSG.notFound);
  });

  it('deletes an unused attribute', async () => {
    const a = await makeAttribute(ctx());
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/attributes/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ATTRIBUTE_MSG.deleted);
    expect(
      await ctx().database.db.selectFrom('attributes').select('id').where('id', '=', a.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers 409 naming what uses an attribute linked to a subject and an activity, and deletes nothing', async () => {
    const a = await makeAttribute(ctx());
    const subject = await makeSubject(ctx());
    await ctx()
      .database.db.insertInto('subject_attributes')
      .values({ subject_id: subject.id, attribute_id: a.id, knowledge_level: 'M' })
      .execute();
    const t = await makeTeacher(ctx());
    const g = await makeGroup(ctx(), { semester_id: 1 });
    const ps = await makeAssignment(ctx(), { user_id: t.id, subject_id: subject.id, group_id: g.id, period_id: null });
    await makeActivity(ctx(), ps.id, [a.id]);
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/attributes/${a.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El atributo no puede eliminarse porque tiene 1 materia y 1 actividad.');
    expect(
      await ctx().database.db.selectFrom('attributes').select('id').where('id', '=', a.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
