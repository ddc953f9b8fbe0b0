import { describe, expect, it } from 'vitest';
import { MSG, ROLE } from '@egreso/domain';
import { as, createUser, login, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

describe('POST /api/login', () => {
  it('answers a token and the user with its role', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER, { email: 'Profe.Login@Test.mx', password: 'clave1234' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'profe.login@test.mx', password: 'clave1234' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toEqual({
      id: u.id,
      full_name: u.full_name,
      name: u.full_name,
      email: 'profe.login@test.mx',
      rol: ROLE.TEACHER,
    });
    expect(body.must_change_password).toBe(false);
  });

  it('treats the e-mail case-insensitively', async () => {
    await createUser(ctx(), ROLE.STUDENT, { email: 'mayus@test.mx', password: 'clave1234' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'MAYUS@TEST.MX', password: 'clave1234' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with a Spanish message for a wrong password or unknown e-mail', async () => {
    await createUser(ctx(), ROLE.STUDENT, { email: 'wrong@test.mx', password: 'clave1234' });
    for (const payload of [
      { email: 'wrong@test.mx', password: 'otra' },
      { email: 'nadie@test.mx', password: 'x' },
    ]) {
      const res = await ctx().app.inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.invalidCredentials });
    }
  });

  it('answers 422 with per-field errors for a bad body', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'no-es-correo', password: '' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.email).toEqual([MSG.emailInvalid]);
    expect(body.errors.password).toBeDefined();
  });

  it('names the missing password the same whether it is empty or absent', async () => {
    const res = await ctx().app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [MSG.emailRequired], password: ['La contraseña es obligatoria'] });
  });

  it('answers 400 in Spanish for malformed JSON', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.badJson);
  });

  it('records a login session with the user agent', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    await ctx().app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Prueba' },
      payload: { email: u.email, password: u.password },
    });
    const res = await as(ctx(), u, { method: 'GET', url: '/api/usersessions' });
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions[0].user_agent).toBe('Mozilla/5.0 (iPhone) Prueba');
    expect(sessions.every((s: { user_id: number }) => s.user_id === u.id)).toBe(true);
  });
});

describe('tokens', () => {
  it('GET /api/me answers 401 without a token or with a bad one', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const bad = await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(MSG.unauthenticated);
  });

  it('GET /api/me answers the signed-in user without any password hash', async () => {
    const u = await createUser(ctx(), ROLE.CHIEF);
    const res = await as(ctx(), u, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      full_name: u.full_name,
      name: u.full_name,
      email: u.email,
      rol: ROLE.CHIEF,
      photo: null,
    });
    expect(res.body).not.toMatch(/password_hash|argon2/);
  });

  it("GET /api/me tells the web the institution's time zone, which every date it shows follows", async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).json().time_zone).toBe('America/Mexico_City');
  });

  it('expires a token after 30 idle minutes (ASVS 4.0 3.3.2, level 2)', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await ctx()
      .database.db.updateTable('access_tokens')
      .set({ last_used_at: old })
      .where('user_id', '=', u.id)
      .execute();
    const res = await as(ctx(), u, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('La sesión expiró por inactividad. Inicia sesión de nuevo.');
    const left = await ctx().database.db.selectFrom('access_tokens').select('id').where('user_id', '=', u.id).execute();
    expect(left).toHaveLength(0);
  });

  it('keeps a token used within 30 minutes', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const recent = new Date(Date.now() - 29 * 60_000).toISOString();
    await ctx()
      .database.db.updateTable('access_tokens')
      .set({ last_used_at: recent })
      .where('user_id', '=', u.id)
      .execute();
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it("writes a token's last use at most once a minute", async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const lastUse = async () =>
      (
        await ctx()
          .database.db.selectFrom('access_tokens')
          .select('last_used_at')
          .where('user_id', '=', u.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const setLastUse = (iso: string) =>
      ctx().database.db.updateTable('access_tokens').set({ last_used_at: iso }).where('user_id', '=', u.id).execute();
    const seconds = new Date(Date.now() - 10_000).toISOString();
    await setLastUse(seconds);
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect(await lastUse()).toBe(seconds);
    const minutes = new Date(Date.now() - 2 * 60_000).toISOString();
    await setLastUse(minutes);
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect(Date.parse(await lastUse())).toBeGreaterThan(Date.now() - 10_000);
  });

  it('a request never sees what an open transaction has not committed: it waits for it', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let deleted!: () => void;
    const inside = new Promise<void>((resolve) => (deleted = resolve));
    // A transaction revokes the token, then fails: the revocation never happened.
    const failing = ctx()
      .database.db.transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('access_tokens').where('user_id', '=', u.id).execute();
        deleted();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await inside;
    const answer = as(ctx(), u, { method: 'GET', url: '/api/me' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await failing).toBe('rolled back');
    expect((await answer).statusCode).toBe(200);
  });

  it('stores tokens only as hashes', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const rows = await ctx()
      .database.db.selectFrom('access_tokens')
      .select('token_hash')
      .where('user_id', '=', u.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(u.token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logout revokes the token', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    const out = await as(ctx(), u, { method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(200);
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});

describe('the guard', () => {
  it('answers 403 when a teacher or a student lists users', async () => {
    for (const role of [ROLE.TEACHER, ROLE.STUDENT]) {
      const u = await createUser(ctx(), role);
      const res = await as(ctx(), u, { method: 'GET', url: '/api/users?role=2' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
  });

  it('answers 403 when a chief lists chiefs, and lets an administrator', async () => {
    const chief = await createUser(ctx(), ROLE.CHIEF);
    expect((await as(ctx(), chief, { method: 'GET', url: '/api/users?role=1' })).statusCode).toBe(403);
    const admin = await createUser(ctx(), ROLE.ADMIN);
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/users?role=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().some((u: { id: number }) => u.id === chief.id)).toBe(true);
    expect(res.body).not.toMatch(/password_hash|argon2/);
  });

  it('answers 403 when a student reads another user, and 200 for their own profile', async () => {
    const s1 = await createUser(ctx(), ROLE.STUDENT);
    const s2 = await createUser(ctx(), ROLE.STUDENT);
    expect((await as(ctx(), s1, { method: 'GET', url: `/api/users/${s2.id}` })).statusCode).toBe(403);
    const own = await as(ctx(), s1, { method: 'GET', url: `/api/users/${s1.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toMatch(/password_hash|argon2/);
  });

  it('answers the Spanish 404 for unknown API paths', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.routeNotFound });
  });
});

describe('account', () => {
  it('PUT /api/users/{id} updates the own name and e-mail, ignoring role changes', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const res = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: '  Nuevo Nombre ', email: 'Nuevo.Correo@test.mx', role: 0, current_password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Nuevo Nombre', email: 'nuevo.correo@test.mx', rol: ROLE.STUDENT });
  });

  it('PUT /api/users/{id} answers 422 with the spec messages', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER);
    const res = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: ' ', email: 'malo' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ full_name: [MSG.nameRequired], email: [MSG.emailInvalid] });
    const other = await createUser(ctx(), ROLE.TEACHER);
    const taken = await as(ctx(), u, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { full_name: 'X', email: other.email, current_password: u.password },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([MSG.emailTaken]);
  });

  it('PUT /api/users/{id} answers 403 for someone else', async () => {
    const a = await createUser(ctx(), ROLE.TEACHER);
    const b = await createUser(ctx(), ROLE.TEACHER);
    const res = await as(ctx(), a, {
      method: 'PUT',
      url: `/api/users/${b.id}`,
      payload: { full_name: 'X', email: 'x@test.mx' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('POST /api/users/{id}/password validates, checks the current password and revokes other sessions', async () => {
    const u = await createUser(ctx(), ROLE.TEACHER, { password: 'anterior1' });
    const second = await login(ctx(), u.email, 'anterior1');

    const invalid = await as(ctx(), u, {
      method: 'POST',
      url: `/api/users/${u.id}/password`,
      payload: { current_password: '', password: '123', password_confirmation: '456' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      current_password: [MSG.currentPasswordRequired],
      password: [MSG.passwordMin],
    });

    const mismatch = await as(ctx(), u, {
      method: 'POST',
      url: `/api/users/${u.id}/password`,
      payload: { current_password: 'anterior1', password: 'nueva123', password_confirmation: 'nueva124' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([MSG.passwordsDontMatch]);

    const wrong = await as(ctx(), u, {
      method: 'POST',
      url: `/api/users/${u.id}/password`,
      payload: { current_password: 'equivocada', password: 'nueva123', password_confirmation: 'nueva123' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([MSG.currentPasswordWrong]);

    const ok = await as(ctx(), u, {
      method: 'POST',
      url: `/api/users/${u.id}/password`,
      payload: { current_password: 'anterior1', password: 'nueva123', password_confirmation: 'nueva123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.passwordChanged);
    expect((await as(ctx(), u, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await as(ctx(), { token: second }, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await expect(login(ctx(), u.email, 'anterior1')).rejects.toThrow();
    await expect(login(ctx(), u.email, 'nueva123')).resolves.toBeTruthy();
  });

  it('POST /api/users/{id}/password answers 403 for another user', async () => {
    const a = await createUser(ctx(), ROLE.ADMIN);
    const b = await createUser(ctx(), ROLE.STUDENT);
    const res = await as(ctx(), a, {
      method: 'POST',
      url: `/api/users/${b.id}/password`,
      payload: { current_password: 'x', password: 'nueva123', password_confirmation: 'nueva123' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('GET /api/usersessions answers 403 for another user unless administrator', async () => {
    const s = await createUser(ctx(), ROLE.STUDENT);
    const t = await createUser(ctx(), ROLE.TEACHER);
    expect((await as(ctx(), t, { method: 'GET', url: `/api/usersessions?user_id=${s.id}` })).statusCode).toBe(403);
    const admin = await createUser(ctx(), ROLE.ADMIN);
    expect((await as(ctx(), admin, { method: 'GET', url: `/api/usersessions?user_id=${s.id}` })).statusCode).toBe(200);
  });

  it('POST /api/usersessions records a session for the caller', async () => {
    const u = await createUser(ctx(), ROLE.STUDENT);
    const res = await as(ctx(), u, {
      method: 'POST',
      url: '/api/usersessions',
      payload: { user_agent: 'Agente de prueba' },
    });
    expect(res.statusCode).toBe(201);
    const list = (await as(ctx(), u, { method: 'GET', url: '/api/usersessions' })).json();
    expect(list.map((s: { user_agent: string }) => s.user_agent)).toContain('Agente de prueba');
  });
});

describe('the app shell', () => {
  it('serves the health check and the OpenAPI document', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const docs = await ctx().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/users/{id}/password']),
    );
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('redirects / to /app/', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });
});
