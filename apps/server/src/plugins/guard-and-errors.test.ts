import type { AddressInfo } from 'node:net';
import { connect as connectSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG, ROLE, canManageInstitution } from '@egreso/domain';
import { buildApp, type App } from '../app.js';
import { connect, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed.js';
import { createUser, type TestContext } from '../test/harness.js';
import { BODY_LIMITS } from './body-limits.js';

// SQLite in memory is enough here: these tests cover the HTTP layer, not SQL.
let app: App;
let database: Db;
let ctx: TestContext;

beforeAll(async () => {
  database = connect('sqlite::memory:');
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  app = await buildApp({ database, logger: false });
  app.get('/api/test/admin-only', { onRequest: app.guard(canManageInstitution) }, async () => ({ ok: true }));
  app.get('/api/test/signed-in', { onRequest: app.guard() }, async (req) => ({ id: req.actor?.id }));
  app.get('/api/test/boom', { config: { public: true } }, async () => {
    throw new Error('connection string postgres://secret@db/internal failed at Object.<anonymous> (/srv/app.js:1:1)');
  });
  app.post('/api/test/big', { config: { public: true }, bodyLimit: BODY_LIMITS.large }, async () => ({ ok: true }));
  app.post(
    '/api/test/echo',
    { config: { public: true }, schema: { body: z.object({ n: z.number().int().min(1, 'Debe ser al menos 1') }) } },
    async (req) => req.body,
  );
  app.get(
    '/api/test/leak',
    { config: { public: true }, schema: { response: { 200: z.object({ id: z.number() }) } } },
    async () => ({ id: 1, password_hash: '$argon2id$secret' }),
  );
  await app.ready();
  ctx = { app, database };
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the role guard', () => {
  it('answers 401 without a token, 403 for a role the predicate refuses, and runs the handler otherwise', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(401);
    for (const role of [ROLE.CHIEF, ROLE.TEACHER, ROLE.STUDENT]) {
      const u = await createUser(ctx, role);
      const res = await app.inject({
        method: 'GET',
        url: '/api/test/admin-only',
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
    const admin = await createUser(ctx, ROLE.ADMIN);
    const ok = await app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(ok.json()).toEqual({ ok: true });
  });

  it('gives the handler the signed-in user', async () => {
    const u = await createUser(ctx, ROLE.STUDENT);
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.json()).toEqual({ id: u.id });
  });

  it('refuses a malformed authorization header', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the error handler', () => {
  it('answers a 500 with a generic Spanish message and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.internal });
    expect(res.body).not.toMatch(/secret|postgres|stack|at Object/);
  });

  it('answers 422 with per-field messages for a schema failure', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { n: 0 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Debe ser al menos 1', errors: { n: ['Debe ser al menos 1'] } });
  });

  it('answers 422 in Spanish for a missing field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['n']);
    expect(res.json().message).toMatch(/[Ee]sperado|[Rr]equerido|inválid/);
  });

  it("answers 413 for a body over its route's limit, naming that limit", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: `{"n":1,"pad":"${'x'.repeat(BODY_LIMITS.small)}"}`,
    });
    expect(res.statusCode).toBe(413);
    // A route without a limit of its own takes a small body; the 5 MB file-upload message would mislead here.
    expect(res.json().message).toBe('La solicitud excede el tamaño máximo permitido (16 KB).');
    const big = await app.inject({
      method: 'POST',
      url: '/api/test/big',
      headers: { 'content-type': 'application/json' },
      payload: `{"pad":"${'x'.repeat(1_100_000)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('La solicitud excede el tamaño máximo permitido (1 MB).');
  });

  it('never sends a field that the response schema does not declare', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/leak' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1 });
    expect(res.body).not.toContain('argon2');
  });
});

describe('refusals made by the framework before any route runs', () => {
  const cases: [
    string,
    { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string },
    number,
    string,
  ][] = [
    ['a malformed URL escape', { method: 'GET', url: '/api/groups/%zz' }, 400, 'La dirección solicitada no es válida.'],
    ['a malformed escape in a query', { method: 'GET', url: '/api/groups?x=%zz' }, 401, MSG.unauthenticated],
    [
      'an over-long path parameter',
      { method: 'GET', url: `/api/groups/${'1'.repeat(500)}` },
      414,
      'Un dato de la dirección solicitada es demasiado largo.',
    ],
    [
      'a content type without a parser',
      { method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/xml' }, payload: '<n/>' },
      415,
      'Tipo de contenido no admitido.',
    ],
    [
      'a malformed content type',
      { method: 'POST', url: '/api/test/echo', headers: { 'content-type': ';;;' }, payload: '{"n":1}' },
      415,
      'Tipo de contenido no admitido.',
    ],
    [
      'a JSON body with a wrong length',
      {
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json', 'content-length': '3' },
        payload: '{"n":1}',
      },
      400,
      'El cuerpo de la solicitud no coincide con el tamaño declarado.',
    ],
  ];

  it.each(cases)(
    'answers %s with {message} in Spanish and the security headers',
    async (_, request, status, message) => {
      const res = await app.inject(request);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('answers a request whose headers are too large in Spanish, on the socket', async () => {
    const server = await buildApp({ database, logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connectSocket(port, '127.0.0.1', () => {
          socket.write(`GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString('utf8');
        });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
        JSON.stringify({ message: 'Los encabezados de la solicitud son demasiado grandes.' }),
      );
    } finally {
      await server.close();
    }
  });
});
