import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLE, chiefPassword, padPassword } from '@egreso/domain';
import { makeCareer } from '../../test/factories.js';
import { as, createUser, login, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let admin: TestUser;
let others: TestUser[];
let career: { id: number; career_key: string; name: string };
let otherCareer: { id: number; career_key: string; name: string };
let seq = 0;

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  others = [
    await createUser(ctx(), ROLE.CHIEF),
    await createUser(ctx(), ROLE.TEACHER),
    await createUser(ctx(), ROLE.STUDENT),
  ];
  career = await makeCareer(ctx(), { career_key: 'ISC-J', name: 'Ingeniería en Sistemas' });
  otherCareer = await makeCareer(ctx(), { career_key: 'IIND-J', name: 'Ingeniería Industrial' });
});

/** The body the chiefs screen sends: number as text, gender as a number, role as '1'. */
function chiefBody(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const full_name = `Rocío Jefa ${seq}`;
  const controlnumber = `J${seq}`;
  return {
    full_name,
    controlnumber,
    email: `jefa${seq}_${Date.now()}@test.mx`,
    gender: 2,
    role: '1',
    career_id: career.id,
    password: chiefPassword(full_name, controlnumber),
    ...overrides,
  };
}

async function createChief(overrides: Record<string, unknown> = {}) {
  const body = chiefBody(overrides);
  const res = await as(ctx(), admin, { method: 'POST', url: '/api/users', payload: body });
  expect(res.statusCode).toBe(201);
  const { initial_password: password, ...user } = res.json() as { id: number; email: string; initial_password: string };
  return { body, user, password };
}

describe('creating a division chief (POST /api/users with role 1)', () => {
  it('creates the chief with the career and answers its one-time password once; the formula does not sign in', async () => {
    const { body, user, password } = await createChief();
    expect(user).toMatchObject({
      full_name: body.full_name,
      controlnumber: body.controlnumber,
      gender: 2,
      role: ROLE.CHIEF,
      rol: ROLE.CHIEF,
    });
    expect((user as unknown as { user_careers: unknown[] }).user_careers).toEqual([
      expect.objectContaining({
        career_id: career.id,
        career: { id: career.id, career_key: 'ISC-J', name: 'Ingeniería en Sistemas' },
      }),
    ]);
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    expect(password).toMatch(/^[a-z2-9]{14}$/);
    // The password the client sent (the spec's formula) is not used.
    const formula = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: padPassword(body.password) },
    });
    expect(formula.statusCode).toBe(401);
    expect(await login(ctx(), body.email, password)).toBeTruthy();
    // A second read of the person never carries it.
    const again = await as(ctx(), admin, { method: 'GET', url: `/api/users/${user.id}` });
    expect(again.body).not.toMatch(/password/i);
  });

  it('generates the password server-side when none is sent, never from the name and the number', async () => {
    const { body, password } = await createChief({
      password: undefined,
      full_name: 'Guadalupe Torres Vega',
      controlnumber: '20251234',
    });
    expect(password).not.toContain('20251234');
    expect(await login(ctx(), body.email, password)).toBeTruthy();
    const formula = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: 'Guadalupe20251234' },
    });
    expect(formula.statusCode).toBe(401);
  });

  it('answers 422 with a Spanish message when no career is chosen, or the career does not exist', async () => {
    const none = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/users',
      payload: chiefBody({ career_id: undefined }),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ career_id: ['Selecciona una carrera.'] });
    const unknown = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/users',
      payload: chiefBody({ career_id: 999999 }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ career_id: ['La carrera seleccionada no existe.'] });
  });

  it('enforces the limits of the chief form: name 100, e-mail 100, control number 20, gender 1 or 2', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/users',
      payload: chiefBody({
        full_name: 'N'.repeat(101),
        email: `${'e'.repeat(96)}@t.mx`,
        controlnumber: '9'.repeat(21),
        gender: 3,
      }),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.full_name).toEqual(['Máximo 100 caracteres']);
    expect(errors.email).toEqual(['Máximo 100 caracteres']);
    expect(errors.controlnumber).toEqual(['Máximo 20 caracteres']);
    expect(errors.gender).toEqual(['El género debe ser 1 (Hombre) o 2 (Mujer)']);
  });

  it('answers 422 when the e-mail is already registered', async () => {
    const { body } = await createChief();
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/users',
      payload: chiefBody({ email: body.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MSG.emailTaken]);
  });

  it('answers 403 when a chief, a teacher or a student creates a chief, and 401 without a token', async () => {
    for (const user of others)
      expect((await as(ctx(), user, { method: 'POST', url: '/api/users', payload: chiefBody() })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'POST', url: '/api/users', payload: chiefBody() })).statusCode).toBe(401);
  });
});

describe('listing division chiefs (GET /api/users?role=1)', () => {
  it('answers the chiefs with their career for the administrator', async () => {
    const { user } = await createChief();
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/users?role=1' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; role: number; user_careers: Array<{ career: { name: string } }> }>;
    expect(list.every((u) => u.role === ROLE.CHIEF)).toBe(true);
    expect(list.find((u) => u.id === user.id)?.user_careers[0]?.career.name).toBe('Ingeniería en Sistemas');
  });

  it('answers 403 to chiefs, teachers and students, and 401 without a token', async () => {
    for (const user of others)
      expect((await as(ctx(), user, { method: 'GET', url: '/api/users?role=1' })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'GET', url: '/api/users?role=1' })).statusCode).toBe(401);
  });
});

describe('editing a division chief (PUT /api/users/:id)', () => {
  it('keeps the password when none is sent, and changes the career', async () => {
    const { body, user, password } = await createChief();
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: {
        full_name: 'Rocío Editada',
        email: body.email,
        controlnumber: 'J-EDIT',
        gender: 2,
        role: '1',
        career_id: otherCareer.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Rocío Editada', controlnumber: 'J-EDIT' });
    expect(res.json().user_careers.map((uc: { career_id: number }) => uc.career_id)).toEqual([otherCareer.id]);
    expect(await login(ctx(), body.email, password)).toBeTruthy();
  });

  it('ignores a password sent on an edit; a reset gives a new one-time password', async () => {
    const { body, user, password } = await createChief();
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: {
        full_name: body.full_name,
        email: body.email,
        controlnumber: body.controlnumber,
        gender: 2,
        role: '1',
        career_id: career.id,
        password: 'nueva',
      },
    });
    expect(res.statusCode).toBe(200);
    const chosen = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: 'nueva123' },
    });
    expect(chosen.statusCode).toBe(401);
    const reset = await as(ctx(), admin, { method: 'POST', url: `/api/users/${user.id}/reset-password` });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().initial_password as string;
    expect(fresh).toMatch(/^[a-z2-9]{14}$/);
    expect(fresh).not.toBe(password);
    expect(await login(ctx(), body.email, fresh)).toBeTruthy();
    const old = await ctx().app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password } });
    expect(old.statusCode).toBe(401);
  });

  it('answers 403 when another chief, a teacher or a student edits a chief', async () => {
    const { body, user } = await createChief();
    for (const actor of others) {
      const res = await as(ctx(), actor, {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        payload: { full_name: 'Hackeada', email: body.email },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('deleting a division chief (DELETE /api/users/:id)', () => {
  it('deletes the chief, and answers 403 to roles 1-3', async () => {
    const { user } = await createChief();
    for (const actor of others)
      expect((await as(ctx(), actor, { method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(403);
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    const row = await ctx().database.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst();
    expect(row).toBeUndefined();
    const links = await ctx()
      .database.db.selectFrom('user_careers')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(links).toHaveLength(0);
  });
});
