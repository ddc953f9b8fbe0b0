import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_MSG, ROLE } from '@egreso/domain';
import { DEFAULT_GROUP_POLICY } from '../../db/seed.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let admin: TestUser;
let others: TestUser[];

beforeAll(async () => {
  admin = await createUser(ctx(), ROLE.ADMIN);
  others = [
    await createUser(ctx(), ROLE.CHIEF),
    await createUser(ctx(), ROLE.TEACHER),
    await createUser(ctx(), ROLE.STUDENT),
  ];
});

const defaults = { ...DEFAULT_GROUP_POLICY, odd_months: [8, 9], even_months: [2, 3] };

afterEach(async () => {
  await as(ctx(), admin, { method: 'PUT', url: '/api/admin/group-policy', payload: defaults });
});

const valid = { mode: 'parity', odd_months: [1, 8], even_months: [2], fallback: 'odd', naming_scheme: 'digits' };

describe('GET /api/admin/group-policy', () => {
  it('answers the seeded defaults of the spec', async () => {
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/admin/group-policy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'parity_by_month',
      odd_months: [8, 9],
      even_months: [2, 3],
      fallback: 'any',
      naming_scheme: 'auto',
    });
  });

  it('may be read by every signed-in role, since enrolment depends on it, but not without a token', async () => {
    for (const user of others)
      expect((await as(ctx(), user, { method: 'GET', url: '/api/admin/group-policy' })).statusCode).toBe(200);
    expect((await as(ctx(), null, { method: 'GET', url: '/api/admin/group-policy' })).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/group-policy', () => {
  it('saves the five fields, answers saved: true, and the next read sees them', async () => {
    const res = await as(ctx(), admin, { method: 'PUT', url: '/api/admin/group-policy', payload: valid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...valid, saved: true });
    const read = await as(ctx(), others[2]!, { method: 'GET', url: '/api/admin/group-policy' });
    expect(read.json()).toMatchObject(valid);
    expect(read.json().saved).toBeUndefined();
    const log = await ctx()
      .database.db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'group_policy.update')
      .execute();
    expect(log.length).toBeGreaterThan(0);
  });

  it('stores month lists sorted and without repeats', async () => {
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: '/api/admin/group-policy',
      payload: { ...valid, mode: 'parity_by_month', odd_months: [9, 8, 9, 1], even_months: [3, 2, 2] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ odd_months: [1, 8, 9], even_months: [2, 3] });
  });

  it('accepts empty month lists (the fallback then decides)', async () => {
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: '/api/admin/group-policy',
      payload: { ...valid, odd_months: [], even_months: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ odd_months: [], even_months: [] });
  });

  it('answers 422 with a Spanish message per field for values outside the enumerations', async () => {
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: '/api/admin/group-policy',
      payload: { mode: 'todos', odd_months: [8], even_months: [2], fallback: 'ninguno', naming_scheme: 'letras' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      mode: [POLICY_MSG.mode],
      fallback: [POLICY_MSG.fallback],
      naming_scheme: [POLICY_MSG.namingScheme],
    });
  });

  it('answers 422 for months outside 1-12, non-integers, a list that is not a list, or a month in both lists', async () => {
    const bad = async (payload: object) =>
      as(ctx(), admin, { method: 'PUT', url: '/api/admin/group-policy', payload: { ...valid, ...payload } });
    const r13 = await bad({ odd_months: [13] });
    expect(r13.statusCode).toBe(422);
    expect(r13.json().errors['odd_months.0']).toEqual([POLICY_MSG.month]);
    expect((await bad({ even_months: [0] })).statusCode).toBe(422);
    expect((await bad({ even_months: [2.5] })).statusCode).toBe(422);
    const notList = await bad({ odd_months: 8 });
    expect(notList.statusCode).toBe(422);
    expect(notList.json().errors.odd_months).toEqual([POLICY_MSG.months]);
    const overlap = await bad({ odd_months: [8, 2], even_months: [2, 3] });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.even_months).toEqual([POLICY_MSG.overlap]);
    // Nothing of the refused bodies was saved.
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/admin/group-policy' })).json()).toMatchObject(defaults);
  });

  it('answers 403 for roles 1-3 and 401 without a token, and keeps the policy', async () => {
    for (const user of others)
      expect(
        (await as(ctx(), user, { method: 'PUT', url: '/api/admin/group-policy', payload: valid })).statusCode,
      ).toBe(403);
    expect((await as(ctx(), null, { method: 'PUT', url: '/api/admin/group-policy', payload: valid })).statusCode).toBe(
      401,
    );
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/admin/group-policy' })).json()).toMatchObject(defaults);
  });
});
