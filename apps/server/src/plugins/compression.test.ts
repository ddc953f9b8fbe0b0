import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { buildApp } from '../app.js';
import { connect } from '../db/connect.js';
import { nowIso } from '../lib/time.js';
import { makeActivity, makeGeneration, makeSheet } from '../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../test/harness.js';

const ctx = useTestApp();
let admin: TestUser;
let generationId = 0;

beforeAll(async () => {
  const c = ctx();
  admin = await createUser(c, ROLE.ADMIN);
  const sheet = await makeSheet(c, { students: 12 });
  generationId = (await makeGeneration(c, '2035-08-01')).id;
  const activity = await makeActivity(c, sheet.assignmentId, sheet.attributeIds);
  const now = nowIso();
  await c.database.db
    .insertInto('user_generations')
    .values(
      sheet.students.map((s) => ({
        user_id: s.id,
        generation_id: generationId,
        current_semester_id: 1,
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  // The report counts a career's attributes for the students linked to that career.
  await c.database.db
    .insertInto('user_careers')
    .values(sheet.students.map((s) => ({ user_id: s.id, career_id: sheet.careerId })))
    .execute();
  await c.database.db
    .insertInto('user_activities')
    .values(
      sheet.students.map((s, i) => ({
        user_id: s.id,
        activity_id: activity.id,
        qualification: 60 + i,
        updated_by: null,
        updated_at: now,
      })),
    )
    .execute();
});

describe('compressed answers', () => {
  it('sends the division report compressed (brotli, else gzip) with Vary, and it decompresses to the same JSON', async () => {
    const url = `/api/reportes/flex?generation_id=${generationId}`;
    const plain = await as(ctx(), admin, { method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(24);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await as(ctx(), admin, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gz = await as(ctx(), admin, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves small answers uncompressed', async () => {
    for (const url of ['/api/me', '/api/health']) {
      const res = await as(ctx(), admin, { method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeLessThan(1024);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.json(), url).toBeTypeOf('object');
    }
  });

  it("serves the web app's precompressed files as they are, never compressed twice", async () => {
    const root = mkdtempSync(join(tmpdir(), 'egreso-compress-'));
    const script = `console.log(${JSON.stringify('y'.repeat(5000))});`;
    const precompressed = brotliCompressSync(script);
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(join(root, 'assets', 'app-1.js'), script);
    writeFileSync(join(root, 'assets', 'app-1.js.br'), precompressed);
    const database = connect('sqlite::memory:');
    const app = await buildApp({ database, webRoot: root });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/app/assets/app-1.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.rawPayload.equals(precompressed)).toBe(true);
    } finally {
      await app.close();
      await database.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
