import { describe, expect, it } from 'vitest';
import { MSG, ROLE } from '@egreso/domain';
import { as, createUser, useTestApp, type TestContext } from '../../test/harness.js';
import { makeCareer } from '../../test/factories.js';

const ctx = useTestApp();

function signIn(c: TestContext, email: string, password: string) {
  return c.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

/** An account a manager created over HTTP, with the one-time password its answer carried. */
async function createdAccount(role: number) {
  const admin = await createUser(ctx(), ROLE.ADMIN);
  const career = await makeCareer(ctx());
  const email = `creada${Math.random().toString(36).slice(2, 8)}@test.mx`;
  const res = await as(ctx(), admin, {
    method: 'POST',
    url: '/api/users',
    payload: {
      full_name: 'Cuenta Creada',
      controlnumber: `N${Date.now() % 100000}`,
      email,
      gender: 1,
      role,
      career_id: career.id,
    },
  });
  expect(res.statusCode).toBe(201);
  return { admin, id: res.json().id as number, email, password: res.json().initial_password as string };
}

describe('first sign-in (a password someone else set)', () => {
  it('marks a created account: login says so, and every other call answers the Spanish 403 until the password changes', async () => {
    const account = await createdAccount(ROLE.TEACHER);
    const login = await signIn(ctx(), account.email, account.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      must_change_password: true,
      user: { id: account.id, email: account.email, rol: ROLE.TEACHER },
    });
    const user = { token: login.json().token as string };

    const me = await as(ctx(), user, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: account.id, must_change_password: true });
    for (const url of ['/api/periods', '/api/careers', `/api/users/${account.id}`, '/api/usersessions']) {
      const refused = await as(ctx(), user, { method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: MSG.mustChangePassword });
    }
    const profile = await as(ctx(), user, {
      method: 'PUT',
      url: `/api/users/${account.id}`,
      payload: { full_name: 'Otro', email: account.email },
    });
    expect(profile.statusCode).toBe(403);

    // The same password again is not a change.
    const same = await as(ctx(), user, {
      method: 'POST',
      url: `/api/users/${account.id}/password`,
      payload: {
        current_password: account.password,
        password: account.password,
        password_confirmation: account.password,
      },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password).toEqual([MSG.passwordUnchanged]);

    const change = await as(ctx(), user, {
      method: 'POST',
      url: `/api/users/${account.id}/password`,
      payload: { current_password: account.password, password: 'propia-777', password_confirmation: 'propia-777' },
    });
    expect(change.statusCode).toBe(200);
    // The same token now works everywhere, and the mark is gone for good.
    expect((await as(ctx(), user, { method: 'GET', url: '/api/periods' })).statusCode).toBe(200);
    expect((await as(ctx(), user, { method: 'GET', url: '/api/me' })).json().must_change_password).toBe(false);
    expect((await signIn(ctx(), account.email, 'propia-777')).json().must_change_password).toBe(false);
  });

  it('lets a marked account log out', async () => {
    const account = await createdAccount(ROLE.STUDENT);
    const user = { token: (await signIn(ctx(), account.email, account.password)).json().token as string };
    expect((await as(ctx(), user, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await as(ctx(), user, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('marks an account whose password a manager resets, and only then', async () => {
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const chief = await createUser(ctx(), ROLE.ADMIN);
    const rename = await as(ctx(), chief, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: { full_name: 'Nombre Nuevo', email: teacher.email },
    });
    expect(rename.statusCode).toBe(200);
    expect((await signIn(ctx(), teacher.email, teacher.password)).json().must_change_password).toBe(false);

    const reset = await as(ctx(), chief, { method: 'POST', url: `/api/users/${teacher.id}/reset-password` });
    expect(reset.statusCode).toBe(200);
    const login = await signIn(ctx(), teacher.email, reset.json().initial_password);
    expect(login.json().must_change_password).toBe(true);
    expect((await as(ctx(), { token: login.json().token }, { method: 'GET', url: '/api/periods' })).statusCode).toBe(
      403,
    );
  });
});

describe('administrators are not created over HTTP', () => {
  it('POST /users refuses role 0, and PUT refuses promoting to it', async () => {
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const create = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        full_name: 'Otro Admin',
        controlnumber: 'ADM9',
        email: 'otro.admin@test.mx',
        password: 'clave1234',
        gender: 1,
        role: ROLE.ADMIN,
      },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(MSG.adminOnlyByOperator);
    expect(
      await ctx()
        .database.db.selectFrom('users')
        .select('id')
        .where('email', '=', 'otro.admin@test.mx')
        .executeTakeFirst(),
    ).toBeUndefined();

    const chief = await createUser(ctx(), ROLE.CHIEF);
    const promote = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/users/${chief.id}`,
      payload: { full_name: chief.full_name, email: chief.email, role: ROLE.ADMIN },
    });
    expect(promote.statusCode).toBe(403);
    const row = await ctx()
      .database.db.selectFrom('users')
      .select('role')
      .where('id', '=', chief.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe(ROLE.CHIEF);
  });
});

describe("changing one's own e-mail", () => {
  it('asks for the current password; a name alone does not', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    const name = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'Solo Nombre', email: u.email },
    });
    expect(name.statusCode).toBe(200);

    const missing = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'Solo Nombre', email: 'nuevo.correo1@test.mx' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [MSG.currentPasswordRequired] });
    const wrong = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'Solo Nombre', email: 'nuevo.correo1@test.mx', current_password: 'otra-cosa' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [MSG.currentPasswordWrong] });
    const unchanged = await ctx()
      .database.db.selectFrom('users')
      .select('email')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.email).toBe(u.email);

    const ok = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'Solo Nombre', email: 'nuevo.correo1@test.mx', current_password: u.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('nuevo.correo1@test.mx');
  });
});

describe('audit of user edits', () => {
  it('names each changed field with before and after, a role change, and a password reset without the password', async () => {
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const teacher = await createUser(ctx(), ROLE.TEACHER, { full_name: 'Antes Nombre' });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/users/${teacher.id}`,
      payload: { full_name: 'Después Nombre', email: teacher.email, role: ROLE.CHIEF, password: 'secreta-nueva' },
    });
    expect(res.statusCode).toBe(200);
    const row = await ctx()
      .database.db.selectFrom('audit_log')
      .select(['action', 'details', 'user_id'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', teacher.id)
      .where('action', '=', 'user.update')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(admin.id);
    expect(JSON.parse(row.details!)).toEqual({
      changes: {
        full_name: { before: 'Antes Nombre', after: 'Después Nombre' },
        role: { before: ROLE.TEACHER, after: ROLE.CHIEF },
      },
    });
    const reset = await as(ctx(), admin, { method: 'POST', url: `/api/users/${teacher.id}/reset-password` });
    const resetRow = await ctx()
      .database.db.selectFrom('audit_log')
      .select(['details', 'user_id'])
      .where('entity_id', '=', teacher.id)
      .where('action', '=', 'user.password_reset')
      .executeTakeFirstOrThrow();
    expect(resetRow.user_id).toBe(admin.id);
    expect(JSON.parse(resetRow.details!)).toEqual({ password: 'contraseña restablecida' });
    expect(resetRow.details).not.toContain(reset.json().initial_password);
    expect(row.details).not.toMatch(/secreta-nueva|argon2/);
  });
});

describe('session lifetime', () => {
  it('ends a token 12 hours after sign-in however active it is', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const elevenHours = new Date(Date.now() - 11 * 3_600_000).toISOString();
    await ctx()
      .database.db.updateTable('access_tokens')
      .set({ created_at: elevenHours })
      .where('user_id', '=', u.id)
      .execute();
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const thirteenHours = new Date(Date.now() - 13 * 3_600_000).toISOString();
    await ctx()
      .database.db.updateTable('access_tokens')
      .set({ created_at: thirteenHours, last_used_at: new Date().toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    const res = await as(ctx(), u, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('La sesión expiró. Inicia sesión de nuevo.');
    expect(
      await ctx().database.db.selectFrom('access_tokens').select('id').where('user_id', '=', u.id).execute(),
    ).toHaveLength(0);
  });
});

describe('API answers are not cached', () => {
  it('sends Cache-Control: no-store on JSON answers, errors included', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).headers['cache-control']).toBe('no-store');
    expect((await ctx().app.inject({ method: 'GET', url: '/api/me' })).headers['cache-control']).toBe('no-store');
    expect((await signIn(ctx(), 'nadie-cache@test.mx', 'x')).headers['cache-control']).toBe('no-store');
  });
});
