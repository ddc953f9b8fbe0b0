import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { MSG, OIDC_REFUSALS, ROLE } from '@egreso/domain';
import { loadOidcConfig, type OidcConfig } from '../../config.js';
import { createTestApp, createUser, type TestContext } from '../../test/harness.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.js';

/** app.inject's requests come to this host: the callback address the provider has registered. */
const CALLBACK = 'http://localhost/api/auth/oidc/callback';

let op: TestProvider;
let ctx: TestContext & { close: () => Promise<void> };
let oidc: OidcConfig;

beforeAll(async () => {
  op = await startTestProvider({ redirectUris: [CALLBACK] });
  oidc = {
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    allowedDomains: ['uni.edu.mx'],
    // Switched on by the OIDC_REQUIRED test (the app reads this object): createUser signs in with a password.
    required: false,
  };
  ctx = await createTestApp(undefined, { oidc, adminEmail: 'operador@uni.edu.mx' });
});
afterAll(async () => {
  await ctx?.close();
  await op?.close();
});
beforeEach(() => {
  op.tamper = null;
});

function cookieOf(setCookie: string | string[] | undefined, name: string): string {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`)) ?? '';
  return line.split(';')[0] ?? '';
}

/** The whole round trip: start, sign in at the provider as `login`, come back. Answers the login page's fragment. */
async function signInWithProvider(login: string) {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(start.statusCode).toBe(303);
  const location = new URL(start.headers.location as string);
  expect(location.origin).toBe(op.issuer);
  const cookie = cookieOf(start.headers['set-cookie'], 'egreso_oidc');
  expect(cookie).toMatch(/^egreso_oidc=.{43}$/);
  const callback = await signInAtProvider(op, location.href, login);
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
  const back = () =>
    ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } });
  const res = await back();
  expect(res.statusCode).toBe(303);
  const landing = res.headers.location as string;
  expect(landing.startsWith('/app/login#')).toBe(true);
  const fragment = new URLSearchParams(landing.slice('/app/login#'.length));
  return { fragment, start: location, back };
}

async function exchange(code: string | null) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code } });
}

async function userRow(id: number) {
  return ctx.database.db
    .selectFrom('users')
    .select(['oidc_subject', 'must_change_password', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('institutional sign-in (OpenID Connect)', () => {
  it('the login page learns it is offered', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc' });
    expect(res.json()).toEqual({ enabled: true });
  });

  it('asks the provider for a code with PKCE S256, state and nonce, keeping only hashes for ten minutes', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const url = new URL(start.headers.location as string);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(op.clientId);
    expect(p.get('redirect_uri')).toBe(CALLBACK);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    const setCookie = [start.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/egreso_oidc=[\w-]{43}; Max-Age=600; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax/);
    const rows = await ctx.database.db.selectFrom('oidc_sign_ins').selectAll().execute();
    const state = p.get('state') as string;
    expect(rows.some((r) => r.state_hash.length === 64 && r.state_hash !== state)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(state);
  });

  it('links an account by its verified e-mail, then by subject; the session token works; no password is asked', async () => {
    const user = await createUser(ctx, ROLE.TEACHER, { email: 'maria.lopez@uni.edu.mx' });
    await ctx.database.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', user.id).execute();
    op.accounts.set('sub-maria', { email: 'Maria.Lopez@UNI.edu.mx', email_verified: true, name: 'María' });

    const { fragment } = await signInWithProvider('sub-maria');
    expect(fragment.get('oidc_error')).toBeNull();
    const code = fragment.get('oidc');
    expect(code).toMatch(/^[\w-]{43}$/);
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      must_change_password: false,
      user: { id: user.id, email: 'maria.lopez@uni.edu.mx', rol: ROLE.TEACHER },
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/periods',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    // The code is used once.
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: OIDC_REFUSALS.state });

    const row = await userRow(user.id);
    expect(row).toMatchObject({ oidc_subject: 'sub-maria', must_change_password: 0, password_hash: '!oidc' });
    // The password someone else set no longer opens the account.
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);

    // Later sign-ins go by subject, whatever e-mail the provider now gives.
    op.accounts.set('sub-maria', { email: 'mlopez@otra.mx', email_verified: false });
    const later = await signInWithProvider('sub-maria');
    const second = await exchange(later.fragment.get('oidc'));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(user.id);
  });

  it('refuses a state used before (replay) and a callback from another browser', async () => {
    await createUser(ctx, ROLE.STUDENT, { email: 'replay@uni.edu.mx' });
    op.accounts.set('sub-replay', { email: 'replay@uni.edu.mx', email_verified: true });
    const first = await signInWithProvider('sub-replay');
    expect(first.fragment.get('oidc')).toBeTruthy();
    const replay = await first.back();
    expect(replay.headers.location).toBe('/app/login#oidc_error=state');

    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const callback = await signInAtProvider(op, start.headers.location as string, 'sub-replay');
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: 'egreso_oidc=otro-navegador' },
    });
    expect(elsewhere.headers.location).toBe('/app/login#oidc_error=state');
  });

  it('refuses an ID token for another audience, signed by the provider', async () => {
    await createUser(ctx, ROLE.STUDENT, { email: 'aud@uni.edu.mx' });
    op.accounts.set('sub-aud', { email: 'aud@uni.edu.mx', email_verified: true });
    op.tamper = (claims) => ({ ...claims, aud: 'otra-aplicacion' });
    const { fragment } = await signInWithProvider('sub-aud');
    expect(fragment.get('oidc_error')).toBe('audience');
  });

  it('refuses an expired ID token, signed by the provider', async () => {
    await createUser(ctx, ROLE.STUDENT, { email: 'exp@uni.edu.mx' });
    op.accounts.set('sub-exp', { email: 'exp@uni.edu.mx', email_verified: true });
    const now = Math.floor(Date.now() / 1000);
    op.tamper = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 });
    const { fragment } = await signInWithProvider('sub-exp');
    expect(fragment.get('oidc_error')).toBe('expired');
  });

  it('refuses an unverified e-mail, a domain not allowed and an e-mail without account; links nobody', async () => {
    const pending = await createUser(ctx, ROLE.STUDENT, { email: 'sinverificar@uni.edu.mx' });
    const outside = await createUser(ctx, ROLE.STUDENT, { email: 'alguien@otra.mx' });
    op.accounts.set('sub-unverified', { email: 'sinverificar@uni.edu.mx', email_verified: false });
    op.accounts.set('sub-domain', { email: 'alguien@otra.mx', email_verified: true });
    op.accounts.set('sub-nobody', { email: 'nadie@uni.edu.mx', email_verified: true });
    expect((await signInWithProvider('sub-unverified')).fragment.get('oidc_error')).toBe('unverified');
    expect((await signInWithProvider('sub-domain')).fragment.get('oidc_error')).toBe('domain');
    expect((await signInWithProvider('sub-nobody')).fragment.get('oidc_error')).toBe('no_account');
    expect((await userRow(pending.id)).oidc_subject).toBeNull();
    expect((await userRow(outside.id)).oidc_subject).toBeNull();
    const created = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nadie@uni.edu.mx')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it("links by Microsoft Entra ID's xms_edov when the provider sends no email_verified", async () => {
    const user = await createUser(ctx, ROLE.TEACHER, { email: 'entra@uni.edu.mx' });
    op.accounts.set('sub-entra', { email: 'entra@uni.edu.mx', xms_edov: true });
    const { fragment } = await signInWithProvider('sub-entra');
    expect((await exchange(fragment.get('oidc'))).json().user.id).toBe(user.id);
    op.accounts.set('sub-entra-no', { email: 'entra@uni.edu.mx', xms_edov: false });
    expect((await signInWithProvider('sub-entra-no')).fragment.get('oidc_error')).toBe('unverified');
  });

  it('does not link an account already linked to another subject', async () => {
    const user = await createUser(ctx, ROLE.STUDENT, { email: 'doble@uni.edu.mx' });
    await ctx.database.db
      .updateTable('users')
      .set({ oidc_subject: 'sub-original' })
      .where('id', '=', user.id)
      .execute();
    op.accounts.set('sub-otro', { email: 'doble@uni.edu.mx', email_verified: true });
    expect((await signInWithProvider('sub-otro')).fragment.get('oidc_error')).toBe('linked');
    expect((await userRow(user.id)).oidc_subject).toBe('sub-original');
  });

  it('OIDC_REQUIRED: password sign-in refused for allowed domains, except the operator and other domains', async () => {
    await createUser(ctx, ROLE.TEACHER, { email: 'conclave@uni.edu.mx', password: 'secreto123' });
    await createUser(ctx, ROLE.ADMIN, { email: 'operador@uni.edu.mx', password: 'secreto123' });
    await createUser(ctx, ROLE.TEACHER, { email: 'invitado@demo.edu.mx', password: 'secreto123' });
    const login = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'secreto123' } });
    expect((await login('conclave@uni.edu.mx')).statusCode).toBe(200);
    oidc.required = true;
    onTestFinished(() => {
      oidc.required = false;
    });
    const refused = await login('Conclave@UNI.edu.mx');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.oidcRequired });
    expect((await login('operador@uni.edu.mx')).statusCode).toBe(200);
    expect((await login('invitado@demo.edu.mx')).statusCode).toBe(200);
  });

  it('a made-up or missing one-time code is refused with a Spanish message', async () => {
    const res = await exchange('inventado');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: OIDC_REFUSALS.state });
    expect((await exchange(null)).statusCode).toBe(422);
  });
});

describe('OIDC settings', () => {
  const full = {
    OIDC_ISSUER: 'https://login.microsoftonline.com/abc/v2.0',
    OIDC_CLIENT_ID: 'id',
    OIDC_CLIENT_SECRET: 'secreto',
    OIDC_ALLOWED_DOMAINS: 'Uni.edu.mx, @alumnos.uni.edu.mx',
  };

  it('none is off; all four are on, with the domains normalised', () => {
    expect(loadOidcConfig({})).toBeNull();
    expect(loadOidcConfig({ ...full, OIDC_REQUIRED: '1' })).toEqual({
      issuer: 'https://login.microsoftonline.com/abc/v2.0',
      clientId: 'id',
      clientSecret: 'secreto',
      allowedDomains: ['uni.edu.mx', 'alumnos.uni.edu.mx'],
      required: true,
    });
  });

  it('refuses a partial, insecure or malformed configuration with one Spanish line', () => {
    expect(() => loadOidcConfig({ OIDC_ISSUER: full.OIDC_ISSUER })).toThrow(
      'Configuración inválida: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS van juntas; falta OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS.',
    );
    expect(() => loadOidcConfig({ ...full, OIDC_ISSUER: 'http://idp.uni.edu.mx' })).toThrow(/debe usar https/);
    expect(loadOidcConfig({ ...full, OIDC_ISSUER: 'http://127.0.0.1:9000' })?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => loadOidcConfig({ ...full, OIDC_ISSUER: 'no es url' })).toThrow(/OIDC_ISSUER/);
    expect(() => loadOidcConfig({ ...full, OIDC_ALLOWED_DOMAINS: 'uni.edu.mx, mal dominio' })).toThrow(
      /OIDC_ALLOWED_DOMAINS .*mal dominio/,
    );
    expect(() => loadOidcConfig({ ...full, OIDC_REQUIRED: 'si' })).toThrow('OIDC_REQUIRED debe ser 0 o 1');
    expect(() => loadOidcConfig({ OIDC_REQUIRED: '1' })).toThrow(/OIDC_REQUIRED=1 necesita/);
  });
});
