import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { connect, type Db } from '../db/connect.js';

let app: App;
let database: Db;
let root: string;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'egreso-spa-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
  database = connect('sqlite::memory:');
  app = await buildApp({ database, webRoot: root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('answers every client route under /app/ with index.html, never cached stale', async () => {
    for (const url of ['/app/', '/app/login', '/app/Admin/Periods', '/app/acount']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, compressed when the browser accepts it', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/app/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length);
    const plain = await app.inject({ method: 'GET', url: '/app/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the SPA under the Content-Security-Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('keeps unknown API paths as JSON 404s and sends other paths to the SPA', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Ruta no encontrada.');
    const other = await app.inject({ method: 'GET', url: '/otra/cosa' });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('/app/');
  });
});
