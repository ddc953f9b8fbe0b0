import { beforeAll, describe, expect, it } from 'vitest';
import { CAREER_MSG, ROLE } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import { makeAssignment, makeAttribute, makeCareer, makeSubject } from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let admin: TestUser;
let others: TestUser[];

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  others = [
    await createUser(ctx(), ROLE.CHIEF),
    await createUser(ctx(), ROLE.TEACHER),
    await createUser(ctx(), ROLE.STUDENT),
  ];
});

const careerExists = async (id: number) =>
  (await ctx().database.db.selectFrom('careers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('GET /api/careers', () => {
  it('answers 401 without a token', async () => {
    const res = await as(ctx(), null, { method: 'GET', url: '/api/careers' });
    expect(res.statusCode).toBe(401);
  });

  it('is open to every signed-in role and sorts by name with Spanish collation', async () => {
    await makeCareer(ctx(), { career_key: 'ZOO', name: 'Zootecnia' });
    await makeCareer(ctx(), { career_key: 'ARQ', name: 'Árquitectura del paisaje' });
    await makeCareer(ctx(), { career_key: 'BIO', name: 'biología' });
    for (const user of [admin, ...others]) {
      const res = await as(ctx(), user, { method: 'GET', url: '/api/careers' });
      expect(res.statusCode).toBe(200);
      const names = (res.json() as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((n) => ['Zootecnia', 'Árquitectura del paisaje', 'biología'].includes(n));
      // A byte-order sort would put 'Á' after 'Z' and lowercase after uppercase.
      expect(names).toEqual(['Árquitectura del paisaje', 'biología', 'Zootecnia']);
    }
  });
});

describe('POST /api/careers', () => {
  it('creates a career with trimmed key and name, and records it in the audit log', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/careers',
      payload: { career_key: '  IGE ', name: ' Ingeniería en Gestión Empresarial ' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ career_key: 'IGE', name: 'Ingeniería en Gestión Empresarial' });
    expect(body.id).toBeGreaterThan(0);
    const log = await ctx()
      .database.db.selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'careers')
      .where('entity_id', '=', body.id)
      .execute();
    expect(log.map((l) => l.action)).toEqual(['career.create']);
  });

  it('answers 403 when a chief, a teacher or a student creates a career', async () => {
    for (const user of others) {
      const res = await as(ctx(), user, {
        method: 'POST',
        url: '/api/careers',
        payload: { career_key: `X${user.role}`, name: 'No permitida' },
      });
      expect(res.statusCode).toBe(403);
    }
    const rows = await ctx()
      .database.db.selectFrom('careers')
      .select('id')
      .where('name', '=', 'No permitida')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const res = await as(ctx(), null, {
      method: 'POST',
      url: '/api/careers',
      payload: { career_key: 'NT', name: 'Sin token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 with Spanish per-field messages for missing fields', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/careers',
      payload: { career_key: '  ', name: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      career_key: ['La clave de la carrera es obligatoria'],
      name: ['El nombre de la carrera es obligatorio'],
    });
  });

  it('enforces the key limit of 20 and the name limit of 100', async () => {
    const ok = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/careers',
      payload: { career_key: 'K'.repeat(20), name: 'N'.repeat(100) },
    });
    expect(ok.statusCode).toBe(201);
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/careers',
      payload: { career_key: 'K'.repeat(21), name: 'N'.repeat(101) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ career_key: ['Máximo 20 caracteres'], name: ['Máximo 100 caracteres'] });
  });

  it('answers 422 on the key when it is already used, whatever its case', async () => {
    await makeCareer(ctx(), { career_key: 'IMCT', name: 'Mecatrónica' });
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/careers',
      payload: { career_key: 'imct', name: 'Otra mecatrónica' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: CAREER_MSG.keyTaken, errors: { career_key: [CAREER_MSG.keyTaken] } });
  });
});

describe('PUT /api/careers/:id', () => {
  it('updates key and name, and keeps its own key without calling it a duplicate', async () => {
    const c = await makeCareer(ctx(), { career_key: 'ITIC', name: 'Tecnologías' });
    const same = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/careers/${c.id}`,
      payload: { career_key: 'itic', name: 'Tecnologías de la Información' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ id: c.id, career_key: 'itic', name: 'Tecnologías de la Información' });
  });

  it("answers 422 when the key is another career's", async () => {
    await makeCareer(ctx(), { career_key: 'IQUI', name: 'Química' });
    const c = await makeCareer(ctx(), { career_key: 'IBQ', name: 'Bioquímica' });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/careers/${c.id}`,
      payload: { career_key: 'IQUI', name: 'Bioquímica' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.career_key).toEqual([CAREER_MSG.keyTaken]);
  });

  it('answers 404 for an unknown career and 403 for roles 1-3', async () => {
    const missing = await as(ctx(), admin, {
      method: 'PUT',
      url: '/api/careers/999999',
      payload: { career_key: 'NO', name: 'No existe' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CAREER_MSG.notFound);
    const c = await makeCareer(ctx());
    for (const user of others) {
      const res = await as(ctx(), user, {
        method: 'PUT',
        url: `/api/careers/${c.id}`,
        payload: { career_key: 'HACK', name: 'Cambiada' },
      });
      expect(res.statusCode).toBe(403);
    }
    const row = await ctx()
      .database.db.selectFrom('careers')
      .select('name')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(c.name);
  });
});

describe('DELETE /api/careers/:id', () => {
  it('deletes a career nothing uses', async () => {
    const c = await makeCareer(ctx());
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/careers/${c.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CAREER_MSG.deleted);
    expect(await careerExists(c.id)).toBe(false);
  });

  it('answers 403 for roles 1-3 and 404 for an unknown career', async () => {
    const c = await makeCareer(ctx());
    for (const user of others) {
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/careers/${c.id}` })).statusCode).toBe(403);
    }
    expect(await careerExists(c.id)).toBe(true);
    expect((await as(ctx(), admin, { method: 'DELETE', url: '/api/careers/999999' })).statusCode).toBe(404);
  });

  it('answers 409 and deletes nothing when a chief or user belongs to the career', async () => {
    const c = await makeCareer(ctx(), { name: 'Con jefe' });
    const chief = await createUser(ctx(), ROLE.CHIEF);
    await ctx().database.db.insertInto('user_careers').values({ user_id: chief.id, career_id: c.id }).execute();
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/careers/${c.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'La carrera "Con jefe" no puede eliminarse porque tiene registros asociados: jefes o usuarios (1).',
    );
    expect(await careerExists(c.id)).toBe(true);
  });

  it('answers 409 when subjects, attributes or assignments use the career', async () => {
    const withSubject = await makeCareer(ctx());
    const subject = await makeSubject(ctx());
    await ctx()
      .database.db.insertInto('subject_careers')
      .values({ subject_id: subject.id, career_id: withSubject.id })
      .execute();
    const withAttribute = await makeCareer(ctx());
    await makeAttribute(ctx(), { career_id: withAttribute.id });
    const withAssignment = await makeCareer(ctx());
    await makeAssignment(ctx(), { career_id: withAssignment.id });

    const cases: Array<[number, string]> = [
      [withSubject.id, 'materias (1)'],
      [withAttribute.id, 'atributos (1)'],
      [withAssignment.id, 'asignaciones (1)'],
    ];
    for (const [id, what] of cases) {
      const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/careers/${id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(what);
      expect(await careerExists(id)).toBe(true);
    }
  });

  it('lists every kind of use in one message', async () => {
    const c = await makeCareer(ctx(), { name: 'Muy usada' });
    const subject = await makeSubject(ctx());
    const now = nowIso();
    await ctx().database.db.insertInto('subject_careers').values({ subject_id: subject.id, career_id: c.id }).execute();
    await makeAttribute(ctx(), { career_id: c.id });
    await makeAttribute(ctx(), { career_id: c.id });
    const user = await ctx()
      .database.db.insertInto('users')
      .values({
        full_name: 'Alumno Carrera',
        email: `carrera_${Date.now()}@test.mx`,
        password_hash: 'x',
        role: ROLE.STUDENT,
        controlnumber: '1',
        gender: 2,
        photo: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx().database.db.insertInto('user_careers').values({ user_id: user.id, career_id: c.id }).execute();
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/careers/${c.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'La carrera "Muy usada" no puede eliminarse porque tiene registros asociados: jefes o usuarios (1), materias (1), atributos (2).',
    );
  });
});
