import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { as, createTestApp, createUser, type TestContext } from './test/harness.js';

describe('/api/docs', () => {
  let closed: TestContext & { close: () => Promise<void> };
  let open: TestContext & { close: () => Promise<void> };
  beforeAll(async () => {
    closed = await createTestApp(undefined, { openDocs: false });
    open = await createTestApp(undefined, { openDocs: true });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  it('outside the demo answers 401 without a session and the document with one', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await closed.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    const u = await createUser(closed, ROLE.STUDENT);
    const doc = await as(closed, u, { method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().info.title).toBe('Atributos de egreso API');
  });

  it('in the demo stays open', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Atributos de egreso API');
  });
});
