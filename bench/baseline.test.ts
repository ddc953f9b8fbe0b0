import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeTargets, type MeTargets } from './targets.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// `npm run bench` compares GET /api/me with a raw-driver baseline and stops when the two answer differently: this
// keeps them in step, on the database the server tests run on.
describe('the /api/me benchmark baseline', () => {
  let targets: MeTargets;
  beforeAll(async () => {
    targets = await createMeTargets(onPostgres ? 'postgres' : 'sqlite', PG_ADMIN_URL);
  });
  afterAll(async () => {
    await targets?.close();
  });

  const me = (server: FastifyInstance, authorization?: string) =>
    server.inject({ method: 'GET', url: '/api/me', headers: authorization ? { authorization } : {} });

  it('answers the signed-in user exactly as the app does, field for field', async () => {
    const [app, baseline] = await Promise.all([
      me(targets.app, `Bearer ${targets.token}`),
      me(targets.baseline, `Bearer ${targets.token}`),
    ]);
    expect(app.statusCode).toBe(200);
    expect(baseline.statusCode).toBe(200);
    const body = app.json<Record<string, unknown>>();
    expect(body).toMatchObject({ email: 'bench@egreso.test', must_change_password: false });
    expect(typeof body.time_zone).toBe('string');
    expect(baseline.json()).toStrictEqual(body);
    // As many bytes on the wire (the app's serializer writes the fields in its schema's order).
    expect(Buffer.byteLength(baseline.body)).toBe(Buffer.byteLength(app.body));
    // The same headers, in the same order, but the date.
    const headers = (h: Record<string, unknown>) => Object.entries(h).filter(([name]) => name !== 'date');
    expect(headers(baseline.headers)).toStrictEqual(headers(app.headers));
  });

  it('refuses a missing or unknown token with a 401, as the app does', async () => {
    for (const authorization of [undefined, 'Bearer no-es-un-token']) {
      const [app, baseline] = await Promise.all([me(targets.app, authorization), me(targets.baseline, authorization)]);
      expect(app.statusCode).toBe(401);
      expect(baseline.statusCode).toBe(401);
    }
  });
});
