import { ROLE } from '@egreso/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { as, createUser, useTestApp, type TestUser } from '../test/harness.js';
import { BODY_LIMITS, MAX_JSON_DEPTH, TOO_DEEP, nestsDeeperThan } from './body-limits.js';
import { nulPaths } from './errors.js';

const ctx = useTestApp();
let teacher: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx(), ROLE.TEACHER);
});

const JSON_HEADERS = { 'content-type': 'application/json' };
const MAX_ID = 2_147_483_647;

/** Sends a raw JSON text and answers the status, the message and the server's own time for it. */
async function post(url: string, payload: string, user: TestUser | null = teacher) {
  const res = await as(ctx(), user, { method: 'POST', url, headers: JSON_HEADERS, payload });
  return {
    status: res.statusCode,
    message: (res.json() as { message?: string }).message,
    bytes: Buffer.byteLength(payload),
  };
}

/**
 * The request's answer and its fastest time of three tries: one try may wait for a core on a loaded machine, while
 * reading the body it refuses would cost every try far more.
 */
async function fastestOf3<T>(send: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  let ms = Infinity;
  let answer!: T;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    answer = await send();
    ms = Math.min(ms, performance.now() - started);
  }
  return { answer, ms };
}

describe('small bodies for routes that take small bodies', () => {
  it('refuses the 300 KB login bomb with a Spanish 413 before reading it', async () => {
    const bomb = JSON.stringify({ email: `a@${'a.'.repeat(150_000)}@`, password: 'x' });
    const { answer, ms } = await fastestOf3(() => post('/api/login', bomb, null));
    expect(ms).toBeLessThan(100);
    expect(answer).toMatchObject({ status: 413, message: 'La solicitud excede el tamaño máximo permitido (16 KB).' });
  });

  it('still answers a login bomb that fits the limit with a 422 in milliseconds', async () => {
    const bomb = JSON.stringify({ email: `a@${'a.'.repeat(8_000)}@`, password: 'x' });
    const { answer, ms } = await fastestOf3(() => post('/api/login', bomb, null));
    expect(ms).toBeLessThan(100);
    expect(answer).toMatchObject({ status: 422, message: 'Máximo 100 caracteres' });
  });

  it('takes a login with the longest e-mail and password', async () => {
    const body = JSON.stringify({ email: `${'ñ'.repeat(90)}@uni.mx`, password: '€'.repeat(200) });
    expect((await post('/api/login', body, null)).status).toBe(401);
    const ascii = JSON.stringify({ email: `${'a'.repeat(93)}@uni.mx`, password: 'x'.repeat(200) });
    expect((await post('/api/login', ascii, null)).status).toBe(401);
  });
});

describe('the routes that take lists keep room for their largest legitimate body', () => {
  const grade = { user_id: MAX_ID, activity_id: MAX_ID, qualification: 99.99, version: MAX_ID };
  const cases: Array<[string, string, number, () => unknown]> = [
    [
      '5,000 grades with the longest numbers',
      '/api/profesor/calificar/actividades/batch',
      BODY_LIMITS.batch,
      () => ({ calificaciones: Array.from({ length: 5000 }, () => grade) }),
    ],
    [
      '200 activities with the longest texts and 100 attributes each',
      '/api/activities/bulk-upsert',
      BODY_LIMITS.batch,
      () => ({
        professor_subject_id: MAX_ID,
        activities: Array.from({ length: 200 }, () => ({
          id: MAX_ID,
          activity_name: 'a'.repeat(150),
          type_activity: 'b'.repeat(85),
          evaluation_instrument: 'c'.repeat(85),
          ponderation: 100,
          attribute_ids: Array.from({ length: 100 }, () => MAX_ID),
        })),
      }),
    ],
    [
      '500 observations of 2,000 characters',
      '/api/userattribute-observations/batch',
      BODY_LIMITS.large,
      () => ({
        observaciones: Array.from({ length: 500 }, () => ({
          user_id: MAX_ID,
          attribute_id: MAX_ID,
          subject_id: MAX_ID,
          observation: 'o'.repeat(2000),
        })),
      }),
    ],
    [
      '2,000 students and 2,000 activities',
      '/api/useractivities/by-users-and-activities',
      BODY_LIMITS.ids,
      () => ({
        user_ids: Array.from({ length: 2000 }, () => MAX_ID),
        activity_ids: Array.from({ length: 2000 }, () => MAX_ID),
      }),
    ],
  ];

  it.each(cases)('%s fit %s', async (_, url, limit, body) => {
    const text = JSON.stringify(body());
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
    const answer = await post(url, text);
    expect(answer.status, answer.message).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
  });
});

describe('deep nesting', () => {
  const deepObject = (depth: number) => `{"observaciones":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
  const deepArray = (depth: number) => `{"observaciones":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it.each([
    ['an object nested 10,000 deep', deepObject(10_000)],
    ['an array nested 100,000 deep', deepArray(100_000)],
    ['a 1 MB array nested 500,000 deep', deepArray(500_000)],
  ])('refuses %s with a Spanish 400, without parsing it', async (_, payload) => {
    const { answer, ms } = await fastestOf3(() => post('/api/userattribute-observations/batch', payload));
    expect(answer).toMatchObject({ status: 400, message: TOO_DEEP });
    expect(ms).toBeLessThan(100);
  });

  it(`parses ${MAX_JSON_DEPTH} levels and refuses one more`, async () => {
    expect((await post('/api/userattribute-observations/batch', deepArray(MAX_JSON_DEPTH - 1))).status).toBe(422);
    expect(await post('/api/userattribute-observations/batch', deepArray(MAX_JSON_DEPTH))).toMatchObject({
      status: 400,
      message: TOO_DEEP,
    });
  });

  it('counts brackets inside strings as text', () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(nestsDeeperThan('[[[]]]', 2)).toBe(true);
  });

  it('walks a nested value for NUL characters without recursion, refusing what is deeper than the cap', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(() => nulPaths(deep)).toThrow(HttpError);
    expect(() => nulPaths(deep)).toThrow(TOO_DEEP);
    expect(nulPaths({ a: ['x', 'y\u0000'], b: { c: '\u0000' } })).toEqual(['a.1', 'b.c']);
  });

  it("Fastify's own JSON parser survives a 1 MB array nested 500,000 deep", async () => {
    const parse = ctx().app.getDefaultJsonParser('error', 'error');
    const text = '['.repeat(500_000) + ']'.repeat(500_000);
    const parsed = await new Promise((resolve, reject) => {
      parse(null as never, text, (error, body) => (error ? reject(error) : resolve(body)));
    });
    expect(Array.isArray(parsed)).toBe(true);
  });
});
