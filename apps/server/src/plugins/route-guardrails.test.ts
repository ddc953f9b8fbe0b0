import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canManageInstitution } from '@egreso/domain';
import { buildApp, type App } from '../app.js';
import { connect, type Db } from '../db/connect.js';

// Only the building of the app is under test: no migration is needed.
let database: Db | null = null;
let app: App | null = null;

async function freshApp(): Promise<App> {
  database = connect('sqlite::memory:');
  app = await buildApp({ database });
  return app;
}

afterEach(async () => {
  await app?.close().catch(() => undefined);
  await database?.close();
  app = null;
  database = null;
});

describe('the route guardrail', () => {
  it('refuses to build when an /api route has neither a guard nor a public mark, naming the route', async () => {
    const a = await freshApp();
    const plugin = async (api: App) => {
      api.post('/throwaway', { schema: { body: z.object({ n: z.number() }) } }, async () => ({ ok: true }));
    };
    await expect(a.register(plugin, { prefix: '/api' })).rejects.toThrow(
      'POST /api/throwaway has neither a guard (onRequest: app.guard(...)) nor a public mark',
    );
  });

  it('builds when the route carries a guard, with or without a role predicate, alone or among other hooks', async () => {
    const a = await freshApp();
    a.get('/api/throwaway/signed-in', { onRequest: a.guard() }, async () => ({ ok: true }));
    a.get('/api/throwaway/admin', { onRequest: [async () => undefined, a.guard(canManageInstitution)] }, async () => ({
      ok: true,
    }));
    await expect(a.ready()).resolves.toBeDefined();
    expect((await a.inject({ method: 'GET', url: '/api/throwaway/admin' })).statusCode).toBe(401);
  });

  it('builds when the route is marked public', async () => {
    const a = await freshApp();
    a.get('/api/throwaway', { config: { public: true } }, async () => ({ ok: true }));
    await a.ready();
    expect((await a.inject({ method: 'GET', url: '/api/throwaway' })).json()).toEqual({ ok: true });
  });

  it('refuses a preHandler that only looks like a guard, and a route both guarded and public', async () => {
    const a = await freshApp();
    const lookalike = async () => undefined;
    expect(() => a.get('/api/throwaway/fake', { preHandler: lookalike }, async () => ({ ok: true }))).toThrow(
      'GET /api/throwaway/fake',
    );
    expect(() =>
      a.get('/api/throwaway/both', { onRequest: a.guard(), config: { public: true } }, async () => ({ ok: true })),
    ).toThrow('GET /api/throwaway/both has both a guard and a public mark');
  });

  it('refuses a guard that would run after the body is read, and two guards on one route', async () => {
    const a = await freshApp();
    expect(() => a.post('/api/throwaway/late', { preHandler: a.guard() }, async () => ({ ok: true }))).toThrow(
      'POST /api/throwaway/late checks the session after reading the body; declare it as onRequest: app.guard(...).',
    );
    expect(() => a.post('/api/throwaway/early', { preValidation: a.guard() }, async () => ({ ok: true }))).toThrow(
      'POST /api/throwaway/early checks the session after reading the body',
    );
    expect(() =>
      a.post('/api/throwaway/twice', { onRequest: [a.guard(), a.guard()] }, async () => ({ ok: true })),
    ).toThrow('POST /api/throwaway/twice has more than one guard; keep one.');
  });

  it('leaves routes outside /api alone and lists the public /api routes of the app: sign-in, health, mail links and the docs', async () => {
    const a = await freshApp();
    a.get('/elsewhere', async () => ({ ok: true }));
    await a.ready();
    const publicRoutes = a.apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.filter((r) => !r.startsWith('GET /api/docs'))).toEqual([
      'POST /api/login',
      'GET /api/health',
      'GET /api/ready',
      // Institutional sign-in: whether it is offered, the trip to the provider and back, the one-time code.
      'GET /api/auth/oidc',
      'GET /api/auth/oidc/start',
      'GET /api/auth/oidc/callback',
      'POST /api/auth/oidc/exchange',
      // Mail links: whether there is mail, asking for a reset link, and using a link (who holds it, not a session).
      'GET /api/auth/mail',
      'POST /api/auth/forgot-password',
      'POST /api/auth/link',
      'POST /api/auth/link/password',
      'POST /api/auth/link/email',
    ]);
    expect(publicRoutes).toContain('GET /api/docs/json');
    expect(a.apiRoutes.some((r) => r.url === '/elsewhere')).toBe(false);
  });
});

describe('the answers every route declares (the API document lists them)', () => {
  it('a guarded route declares 401, one with a role predicate 403, one that validates input 422', async () => {
    const a = await freshApp();
    await a.ready();
    const missing: string[] = [];
    for (const route of a.apiRoutes) {
      if (route.url.startsWith('/api/docs')) continue;
      const declared = Object.keys((route.schema.response ?? {}) as Record<string, unknown>);
      const name = `${route.method} ${route.url}`;
      if (!route.public && !declared.includes('401')) missing.push(`${name}: 401`);
      if (route.allow && !declared.includes('403')) missing.push(`${name}: 403`);
      const validates = route.input.params || route.input.querystring || route.input.body;
      if (validates && !declared.includes('422')) missing.push(`${name}: 422`);
    }
    expect(missing).toEqual([]);
  });
});
