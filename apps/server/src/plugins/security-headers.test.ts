import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { connect, type Db } from '../db/connect.js';

let app: App;
let database: Db;

beforeAll(async () => {
  database = connect('sqlite::memory:');
  app = await buildApp({ database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('security headers', () => {
  it('gives a JSON answer the headers that protect it, with a policy that forbids framing and plugins', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';object-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Document-only headers are not written on every API answer.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('gives pages (the SPA, the API docs) the whole document set', async () => {
    for (const url of ['/', '/api/docs/static/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-dns-prefetch-control'], url).toBe('off');
      expect(res.headers['content-security-policy'], url).toContain('style-src');
    }
  });
});
