import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { buildApp, loggerOptions } from './app.js';
import { connect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedReferenceData } from './db/seed.js';
import { as, createTestApp, createUser } from './test/harness.js';

describe('health endpoints', () => {
  it('answers liveness always and readiness while the database answers', async () => {
    const database = connect('sqlite::memory:');
    await migrateToLatest(database);
    await seedReferenceData(database.db);
    const app = await buildApp({ database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ok' });
      await database.close();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Base de datos no disponible' });
    } finally {
      await app.close();
    }
  });
});

describe('the structured log', () => {
  it('logs each request as JSON without passwords, tokens or the values of a query', async () => {
    const ctx = await createTestApp();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ database: ctx.database, logger: { ...loggerOptions('info'), stream } });
    try {
      const user = await createUser({ app, database: ctx.database }, ROLE.ADMIN, { password: 'clave-secreta-1' });
      await as({ app, database: ctx.database }, user, {
        method: 'GET',
        url: '/api/users?search=Mar%C3%ADa%20Pe%C3%B1a&page=1',
      });
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'otra-clave-mala' },
      });
      const log = lines.join('');
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      // One line per request, written with its answer: method, masked path, status and time.
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const search = entries.filter((e) => (e.req as { url?: string } | undefined)?.url?.startsWith('/api/users?'));
      expect(search).toHaveLength(1);
      expect(search[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: 200 } });
      expect(typeof search[0]!.responseTime).toBe('number');
      const failedLogin = entries.filter((e) => (e.req as { url?: string } | undefined)?.url === '/api/login');
      expect(failedLogin.at(-1)).toMatchObject({ res: { statusCode: 401 } });
      expect(log).toContain('"url":"/api/users?search=…&page=…"');
      for (const secret of ['clave-secreta-1', 'otra-clave-mala', user.token, 'Mar%C3%ADa', 'María'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});
