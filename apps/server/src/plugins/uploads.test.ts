import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MSG } from '@egreso/domain';
import { buildApp, type App } from '../app.js';
import { connect, type Db } from '../db/connect.js';
import { uploadsPlugin } from './uploads.js';

let app: App;
let database: Db;

function multipartBody(content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'limite123';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  database = connect('sqlite::memory:');
  app = await buildApp({ database });
  await app.register(async (scope) => {
    await scope.register(uploadsPlugin);
    scope.post('/api/test/upload', { config: { public: true } }, async (request) => {
      const part = await request.file();
      return { bytes: part ? (await part.toBuffer()).length : 0 };
    });
  });
  app.post('/api/test/json', { config: { public: true } }, async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('file uploads', () => {
  it('reads the file of a module that registers the uploads plugin', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/upload', ...multipartBody(Buffer.alloc(1000, 1)) });
    expect(res.json()).toEqual({ bytes: 1000 });
  });

  it('answers 413 in Spanish for a file over the limit', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/upload', ...multipartBody(Buffer.alloc(LIMITS.uploadBytes + 1, 1)) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it('refuses a multipart body elsewhere with a Spanish 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/json', ...multipartBody(Buffer.from('x')) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Tipo de contenido no admitido.' });
  });
});
