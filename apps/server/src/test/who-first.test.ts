import type { InjectOptions } from 'fastify';
import { MSG, ROLE, ROLES } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../plugins/body-limits.js';
import { as, createUser, useTestApp, type TestUser } from './harness.js';

/**
 * DESIGN §5, Who you are first: every route that needs a session answers a stranger 401 and a signed-in user of a
 * role it does not serve 403, whatever the body and the path parameters, before anything is parsed or validated.
 * Walks every /api route the app declares (the guardrail's list).
 */
const ctx = useTestApp();

const GARBAGE = '{"esto no es": json';
const BODIES: { name: string; payload?: string; headers?: Record<string, string> }[] = [
  { name: 'no body' },
  { name: 'an empty object', payload: '{}', headers: { 'content-type': 'application/json' } },
  { name: 'broken JSON', payload: GARBAGE, headers: { 'content-type': 'application/json' } },
  { name: 'a body of an unknown type', payload: '\u0000\u0001', headers: { 'content-type': 'application/x-unknown' } },
];

/** The route's URL with every path parameter replaced by a value no schema accepts. */
function badUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'no-es-id');
}

let users: Record<number, TestUser>;

beforeAll(async () => {
  users = {};
  for (const role of ROLES) users[role] = await createUser(ctx(), role);
});

function request(method: string, url: string, body: (typeof BODIES)[number]): InjectOptions & { url: string } {
  return { method: method as InjectOptions['method'], url, headers: body.headers, payload: body.payload };
}

describe('who you are before what you sent', () => {
  it('lists the guarded routes with their role predicates', () => {
    const guarded = ctx().app.apiRoutes.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(100);
    const groupsCreate = guarded.find((r) => r.method === 'POST' && r.url === '/api/groups');
    expect(groupsCreate?.allow?.({ id: 1, role: ROLE.STUDENT })).toBe(false);
    expect(groupsCreate?.allow?.({ id: 1, role: ROLE.CHIEF })).toBe(true);
  });

  it('answers 401 to a stranger on every route that needs a session, whatever the body and the parameters', async () => {
    const wrong: string[] = [];
    for (const route of ctx().app.apiRoutes.filter((r) => !r.public)) {
      for (const body of BODIES) {
        if (route.method === 'GET' && body.payload !== undefined) continue;
        const res = await as(ctx(), null, request(route.method, badUrl(route.url), body));
        if (res.statusCode !== 401 || res.json<{ message: string }>().message !== MSG.unauthenticated) {
          wrong.push(`${route.method} ${route.url} (${body.name}): ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to every role a route does not serve, before reading the body or the parameters', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of ctx().app.apiRoutes.filter((r) => !r.public && r.allow)) {
      for (const role of ROLES) {
        const user = users[role]!;
        if (route.allow!({ id: user.id, role })) continue;
        for (const body of BODIES) {
          if (route.method === 'GET' && body.payload !== undefined) continue;
          const res = await as(ctx(), user, request(route.method, badUrl(route.url), body));
          refused += 1;
          if (res.statusCode !== 403)
            wrong.push(`${route.method} ${route.url} as ${role} (${body.name}): ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('answers a stranger 401 for an oversize body, and a signed-in user of the role 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMITS.small + 1) });
    const opts = {
      method: 'POST' as const,
      url: '/api/groups',
      payload: big,
      headers: { 'content-type': 'application/json' },
    };
    expect((await as(ctx(), null, opts)).statusCode).toBe(401);
    expect((await as(ctx(), users[ROLE.STUDENT]!, opts)).statusCode).toBe(403);
    expect((await as(ctx(), users[ROLE.ADMIN]!, opts)).statusCode).toBe(413);
    const upload = {
      method: 'POST' as const,
      url: '/api/students/import',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
    };
    expect((await as(ctx(), null, upload)).statusCode).toBe(401);
  });

  it('still validates what a signed-in user of the role sends: an empty group is 422 with its fields', async () => {
    const res = await as(ctx(), users[ROLE.ADMIN]!, { method: 'POST', url: '/api/groups', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors ?? {})).not.toEqual([]);
  });
});
