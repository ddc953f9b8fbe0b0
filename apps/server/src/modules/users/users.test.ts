import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLE, initialPassword } from '@egreso/domain';
import { makeSubject } from '../../test/factories.js';
import { as, createUser, login, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let chief: TestUser;

beforeAll(async () => {
  chief = await createUser(ctx(), ROLE.CHIEF);
});

describe('teachers and students through /api/users', () => {
  it('lets a chief create a teacher whose generated password is the first name plus the number', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST', url: '/api/users',
      payload: { full_name: 'Beatriz Ochoa Luna', controlnumber: 4821, email: 'beatriz.ochoa@test.mx', gender: '2', role: '2' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ full_name: 'Beatriz Ochoa Luna', controlnumber: '4821', gender: 2, rol: ROLE.TEACHER });
    expect(res.body).not.toMatch(/password|argon2/);
    await expect(login(ctx(), 'beatriz.ochoa@test.mx', initialPassword('Beatriz Ochoa Luna', '4821'))).resolves.toBeTruthy();
  });

  it('pads a short password to 8 characters', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST', url: '/api/users',
      payload: { full_name: 'Ana Ruiz', controlnumber: 'A1', email: 'ana.ruiz@test.mx', gender: 2, role: 3, password: 'ana' },
    });
    expect(res.statusCode).toBe(201);
    await expect(login(ctx(), 'ana.ruiz@test.mx', 'ana12341')).resolves.toBeTruthy();
  });

  it('answers 422 per field for missing or too long values', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST', url: '/api/users',
      payload: { full_name: 'x'.repeat(101), controlnumber: '', email: 'no', gender: 3, role: 2 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['controlnumber', 'email', 'full_name', 'gender']);
    expect(res.json().errors.full_name).toEqual([MSG.tooLong(100)]);
  });

  it('answers 422 for an e-mail already registered, whatever its case', async () => {
    const res = await as(ctx(), chief, {
      method: 'POST', url: '/api/users',
      payload: { full_name: 'Otro', controlnumber: '9', email: chief.email.toUpperCase(), gender: 1, role: 2 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MSG.emailTaken]);
  });

  it('answers 403 when a chief creates or edits an administrator or a chief', async () => {
    const create = await as(ctx(), chief, {
      method: 'POST', url: '/api/users',
      payload: { full_name: 'Nuevo Admin', controlnumber: '1', email: 'nuevo.admin@test.mx', gender: 1, role: 0 },
    });
    expect(create.statusCode).toBe(403);
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const edit = await as(ctx(), chief, { method: 'PUT', url: `/api/users/${admin.id}`, payload: { full_name: 'X', email: 'x@test.mx' } });
    expect(edit.statusCode).toBe(403);
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const promote = await as(ctx(), chief, { method: 'PUT', url: `/api/users/${teacher.id}`, payload: { full_name: 'T', email: teacher.email, role: 1 } });
    expect(promote.statusCode).toBe(403);
  });

  it('lets a chief edit a teacher, and a new password replaces the old one and ends their sessions', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER, { password: 'original1' });
    const res = await as(ctx(), chief, {
      method: 'PUT', url: `/api/users/${teacher.id}`,
      payload: { full_name: 'Nombre Corregido', email: teacher.email, controlnumber: 'E-77', gender: 2, password: 'nueva' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Nombre Corregido', controlnumber: 'E-77', gender: 2 });
    expect((await as(ctx(), teacher, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await expect(login(ctx(), teacher.email, 'nueva123')).resolves.toBeTruthy();
  });

  it('lists teachers sorted with Spanish collation, searchable by name, number or e-mail', async () => {
    for (const name of ['Óscar Zamora', 'Ángel Ibarra', 'Oliva Núñez']) await createUser(ctx(), ROLE.TEACHER, { full_name: name });
    const res = await as(ctx(), chief, { method: 'GET', url: '/api/users?role=2' });
    const names = (res.json() as Array<{ full_name: string }>).map((u) => u.full_name).filter((n) => ['Óscar Zamora', 'Ángel Ibarra', 'Oliva Núñez'].includes(n));
    expect(names).toEqual(['Ángel Ibarra', 'Oliva Núñez', 'Óscar Zamora']);
    const search = await as(ctx(), chief, { method: 'GET', url: '/api/users?role=2&search=IBARRA' });
    expect(search.json().map((u: { full_name: string }) => u.full_name)).toEqual(['Ángel Ibarra']);
  });

  it('deletes a teacher without records, and answers 409 for one with assignments', async () => {
    const free = await createUser(ctx(), ROLE.TEACHER);
    const del = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${free.id}` });
    expect(del.statusCode).toBe(200);
    expect(await ctx().database.db.selectFrom('users').select('id').where('id', '=', free.id).execute()).toHaveLength(0);

    const busy = await createUser(ctx(), ROLE.TEACHER);
    const subject = await makeSubject(ctx());
    await ctx().database.db.insertInto('professor_subjects').values({ user_id: busy.id, subject_id: subject.id, group_id: null, period_id: null, career_id: null, created_at: new Date().toISOString() }).execute();
    const refused = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${busy.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no puede eliminarse/);
    expect(await ctx().database.db.selectFrom('users').select('id').where('id', '=', busy.id).execute()).toHaveLength(1);
  });

  it('answers 409 when someone deletes their own account', async () => {
    const res = await as(ctx(), chief, { method: 'DELETE', url: `/api/users/${chief.id}` });
    expect(res.statusCode).toBe(409);
  });

  it('lets a chief read a teacher with their assignments', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const subject = await makeSubject(ctx());
    await ctx().database.db.insertInto('professor_subjects').values({ user_id: teacher.id, subject_id: subject.id, group_id: null, period_id: null, career_id: null, created_at: new Date().toISOString() }).execute();
    const res = await as(ctx(), chief, { method: 'GET', url: `/api/users/${teacher.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().professor_subjects).toHaveLength(1);
    expect(res.json().professor_subjects[0].subject.id).toBe(subject.id);
  });
});
