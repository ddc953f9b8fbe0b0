import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MSG } from '@egreso/domain';
import { buildApp, type App } from '../app.js';
import { connect, type Db } from '../db/connect.js';
import { UPLOAD_LIMITS, UPLOAD_MSG, readUpload, uploadsPlugin } from './uploads.js';

let app: App;
let database: Db;

function multipartBody(content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'limite123';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
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
      const { file, fields } = await readUpload(request);
      return { bytes: file ? file.bytes.length : 0, fields };
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
    expect(res.json()).toEqual({ bytes: 1000, fields: {} });
  });

  it('answers 413 in Spanish for a file over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/upload',
      ...multipartBody(Buffer.alloc(LIMITS.uploadBytes + 1, 1)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it('refuses a multipart body elsewhere with a Spanish 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/json', ...multipartBody(Buffer.from('x')) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Tipo de contenido no admitido.' });
  });

  const B = 'limite123';
  const raw = (body: string | Buffer, contentType = `multipart/form-data; boundary=${B}`) =>
    app.inject({ method: 'POST', url: '/api/test/upload', payload: body, headers: { 'content-type': contentType } });
  const field = (name: string, value: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nabc\r\n`;

  it.each([
    ['without a boundary', () => raw('basura', 'multipart/form-data')],
    ['cut short', () => raw(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK`)],
  ])('answers a form %s with a Spanish 400', async (_, send) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MSG.malformed });
  });

  it('answers 413 for more parts, fields or files than a form holds', async () => {
    const parts = await raw(
      `${Array.from({ length: UPLOAD_LIMITS.parts + 1 }, (_, i) => field(`f${i}`, '1')).join('')}--${B}--\r\n`,
    );
    expect([parts.statusCode, parts.json()]).toEqual([413, { message: UPLOAD_MSG.tooManyParts }]);
    const files = await raw(`${file('a.xlsx')}${file('b.xlsx')}--${B}--\r\n`);
    expect([files.statusCode, files.json()]).toEqual([413, { message: UPLOAD_MSG.tooManyParts }]);
  });

  it('answers 413 for a field longer than a form sends', async () => {
    const res = await raw(`${field('group_id', '9'.repeat(UPLOAD_LIMITS.fieldSize + 1))}--${B}--\r\n`);
    expect([res.statusCode, res.json()]).toEqual([413, { message: UPLOAD_MSG.fieldTooLong }]);
    const ok = await raw(`${field('group_id', '9'.repeat(UPLOAD_LIMITS.fieldSize))}--${B}--\r\n`);
    expect(ok.json().fields.group_id).toHaveLength(UPLOAD_LIMITS.fieldSize);
  });

  it('refuses a request declaring more than an upload before reading it', async () => {
    const res = await raw(Buffer.alloc(LIMITS.uploadBytes + 128 * 1024, 0x61));
    expect([res.statusCode, res.json()]).toEqual([413, { message: MSG.payloadTooLarge }]);
  });
});
