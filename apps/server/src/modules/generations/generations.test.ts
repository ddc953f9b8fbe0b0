import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERATION_MSG, ROLE, addMonths } from '@egreso/domain';
import { linkStudentToGeneration, makeGeneration } from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import { institutionToday } from '../../lib/time.js';

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

// Every test starts without generations, so lists and suggestions are exact.
beforeEach(async () => {
  await ctx().database.db.deleteFrom('user_generations').execute();
  await ctx().database.db.deleteFrom('generations').execute();
});

const generationRow = (id: number) =>
  ctx().database.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();

describe('GET /api/generations', () => {
  it('lists by start date with a YYYY-YYYY name, for every signed-in role', async () => {
    await makeGeneration(ctx(), '2024-08-01', '2029-02-01');
    await makeGeneration(ctx(), '2022-08-01', '2027-02-01');
    await makeGeneration(ctx(), '2023-02-01', '2027-08-01');
    for (const user of [admin, ...others]) {
      const res = await as(ctx(), user, { method: 'GET', url: '/api/generations' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{ id: number; start_date: string; end_date: string; generation_name: string }>;
      expect(list.map((g) => [g.start_date, g.end_date, g.generation_name])).toEqual([
        ['2022-08-01', '2027-02-01', '2022-2027'],
        ['2023-02-01', '2027-08-01', '2023-2027'],
        ['2024-08-01', '2029-02-01', '2024-2029'],
      ]);
      expect(list.every((g) => g.id > 0)).toBe(true);
    }
    expect((await as(ctx(), null, { method: 'GET', url: '/api/generations' })).statusCode).toBe(401);
  });

  it('filters by start date with from and to, and answers 422 for a bad date', async () => {
    for (const start of ['2021-08-01', '2022-08-01', '2023-08-01', '2024-08-01']) await makeGeneration(ctx(), start);
    const starts = async (qs: string) =>
      (
        (await as(ctx(), admin, { method: 'GET', url: `/api/generations?${qs}` })).json() as Array<{
          start_date: string;
        }>
      ).map((g) => g.start_date);
    expect(await starts('from=2022-08-01')).toEqual(['2022-08-01', '2023-08-01', '2024-08-01']);
    expect(await starts('to=2022-08-01')).toEqual(['2021-08-01', '2022-08-01']);
    expect(await starts('from=2022-01-01&to=2023-12-31')).toEqual(['2022-08-01', '2023-08-01']);
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/generations?from=2022-13-01' })).statusCode).toBe(422);
  });
});

describe('GET /api/generations/preview', () => {
  it('answers the end (start + 54 months, month-end clamped) and nine semesters in 6-month steps', async () => {
    const res = await as(ctx(), others[1]!, { method: 'GET', url: '/api/generations/preview?start_date=2023-08-31' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ start_date: '2023-08-31', end_date: '2028-02-29', generation_name: '2023-2028' });
    expect(body.semesters).toHaveLength(9);
    expect(body.semesters[0]).toEqual({ semester: 1, date: '2023-08-31', label: 'Semestre 1 · agosto 2023' });
    expect(body.semesters[1]).toEqual({ semester: 2, date: '2024-02-29', label: 'Semestre 2 · febrero 2024' });
    expect(body.semesters[8]).toEqual({ semester: 9, date: '2027-08-31', label: 'Semestre 9 · agosto 2027' });
  });

  it('is not taken for /generations/:id, and answers 422 on a bad or missing date', async () => {
    const bad = await as(ctx(), admin, { method: 'GET', url: '/api/generations/preview?start_date=2024-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.start_date).toEqual(['La fecha debe tener el formato AAAA-MM-DD']);
    const missing = await as(ctx(), admin, { method: 'GET', url: '/api/generations/preview' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.start_date).toEqual([GENERATION_MSG.startRequired]);
    expect(
      (await as(ctx(), null, { method: 'GET', url: '/api/generations/preview?start_date=2024-08-01' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/generations/suggest-next', () => {
  it('suggests the next 1 August when there are no generations', async () => {
    const res = await as(ctx(), admin, { method: 'GET', url: '/api/generations/suggest-next' });
    expect(res.statusCode).toBe(200);
    const today = institutionToday();
    const year = Number(today.slice(0, 4));
    const expected = today < `${year}-08-01` ? `${year}-08-01` : `${year + 1}-08-01`;
    const body = res.json();
    expect(body).toMatchObject({ suggested: expected, start_date: expected, end_date: addMonths(expected, 54) });
    expect(body.generation_name).toBe(`${expected.slice(0, 4)}-${Number(expected.slice(0, 4)) + 5}`);
    expect(body.semesters).toHaveLength(9);
  });

  it("counts today in the institution's time zone, not UTC", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 7:33 p.m. of 31 July in Mexico City is already 1 August in UTC: the next 1 August is still 2027's.
      vi.setSystemTime(new Date('2027-08-01T01:33:00Z'));
      // Signed in at that moment, so the session is fresh then.
      const later = await createUser(ctx(), ROLE.ADMIN);
      const res = await as(ctx(), later, { method: 'GET', url: '/api/generations/suggest-next' });
      expect(res.json().suggested).toBe('2027-08-01');
      // At 7:33 p.m. of 27 November 2026 in Mexico City (28 November in UTC).
      vi.setSystemTime(new Date('2026-11-28T01:33:00Z'));
      expect(institutionToday()).toBe('2026-11-27');
    } finally {
      vi.useRealTimers();
    }
  });

  it('suggests the latest start plus 6 months', async () => {
    await makeGeneration(ctx(), '2025-08-01');
    await makeGeneration(ctx(), '2024-02-29');
    const res = await as(ctx(), others[0]!, { method: 'GET', url: '/api/generations/suggest-next' });
    expect(res.json()).toMatchObject({
      suggested: '2026-02-01',
      start_date: '2026-02-01',
      end_date: '2030-08-01',
      generation_name: '2026-2030',
    });
  });
});

describe('POST /api/generations', () => {
  it('computes the end as start + 54 months when it is not given', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/generations',
      payload: { start_date: '2023-08-31' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      start_date: '2023-08-31',
      end_date: '2028-02-29',
      generation_name: '2023-2028',
    });
    const blank = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/generations',
      payload: { start_date: '2024-02-01', end_date: '' },
    });
    expect(blank.json().end_date).toBe('2028-08-01');
  });

  it('keeps an end date that is given', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/generations',
      payload: { start_date: '2025-08-01', end_date: '2030-06-30' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ end_date: '2030-06-30', generation_name: '2025-2030' });
  });

  it('answers 422 when the end is not after the start, or a date is missing or malformed', async () => {
    const same = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/generations',
      payload: { start_date: '2025-08-01', end_date: '2025-08-01' },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ end_date: [GENERATION_MSG.endNotAfterStart] });
    const missing = await as(ctx(), admin, { method: 'POST', url: '/api/generations', payload: {} });
    expect(missing.json().errors).toEqual({ start_date: [GENERATION_MSG.startRequired] });
    const malformed = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/generations',
      payload: { start_date: '01/08/2025' },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.start_date).toEqual(['La fecha debe tener el formato AAAA-MM-DD']);
  });

  it('answers 422 on the start date when another generation starts that day', async () => {
    await makeGeneration(ctx(), '2025-08-01');
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/generations',
      payload: { start_date: '2025-08-01' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: GENERATION_MSG.startTaken,
      errors: { start_date: [GENERATION_MSG.startTaken] },
    });
  });

  it('answers 403 for roles 1-3 and 401 without a token', async () => {
    for (const user of others) {
      expect(
        (await as(ctx(), user, { method: 'POST', url: '/api/generations', payload: { start_date: '2026-08-01' } }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await as(ctx(), null, { method: 'POST', url: '/api/generations', payload: { start_date: '2026-08-01' } }))
        .statusCode,
    ).toBe(401);
    expect(await ctx().database.db.selectFrom('generations').select('id').execute()).toHaveLength(0);
  });
});

describe('PUT /api/generations/:id', () => {
  it('changes both dates', async () => {
    const g = await makeGeneration(ctx(), '2025-08-01');
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/generations/${g.id}`,
      payload: { start_date: '2025-08-15', end_date: '2030-02-15' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: g.id,
      start_date: '2025-08-15',
      end_date: '2030-02-15',
      generation_name: '2025-2030',
    });
  });

  it('answers 422 for an end not after the start, a missing end, or a start taken by another generation', async () => {
    await makeGeneration(ctx(), '2024-08-01');
    const g = await makeGeneration(ctx(), '2025-08-01');
    const backwards = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/generations/${g.id}`,
      payload: { start_date: '2025-08-01', end_date: '2025-01-01' },
    });
    expect(backwards.json().errors).toEqual({ end_date: [GENERATION_MSG.endNotAfterStart] });
    const noEnd = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/generations/${g.id}`,
      payload: { start_date: '2025-08-01' },
    });
    expect(noEnd.json().errors).toEqual({ end_date: [GENERATION_MSG.endRequired] });
    const taken = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/generations/${g.id}`,
      payload: { start_date: '2024-08-01', end_date: '2029-02-01' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.start_date).toEqual([GENERATION_MSG.startTaken]);
    expect((await generationRow(g.id))?.start_date).toBe('2025-08-01');
  });

  it('answers 404 for an unknown generation and 403 for roles 1-3', async () => {
    const payload = { start_date: '2025-08-01', end_date: '2030-02-01' };
    expect((await as(ctx(), admin, { method: 'PUT', url: '/api/generations/999999', payload })).statusCode).toBe(404);
    const g = await makeGeneration(ctx(), '2020-08-01');
    for (const user of others)
      expect((await as(ctx(), user, { method: 'PUT', url: `/api/generations/${g.id}`, payload })).statusCode).toBe(403);
    expect((await generationRow(g.id))?.start_date).toBe('2020-08-01');
  });
});

describe('PATCH /api/generations/:id', () => {
  it('changes only the date it is given and keeps the other', async () => {
    const g = await makeGeneration(ctx(), '2025-08-01');
    const before = await generationRow(g.id);
    const res = await as(ctx(), admin, {
      method: 'PATCH',
      url: `/api/generations/${g.id}`,
      payload: { end_date: '2030-03-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: g.id,
      start_date: '2025-08-01',
      end_date: '2030-03-01',
      generation_name: '2025-2030',
    });
    const moved = await as(ctx(), admin, {
      method: 'PATCH',
      url: `/api/generations/${g.id}`,
      payload: { start_date: '2025-09-01' },
    });
    expect(moved.json()).toMatchObject({ start_date: '2025-09-01', end_date: '2030-03-01' });
    expect(before?.end_date).not.toBe('2030-03-01');
  });

  it('answers 422 for an empty body, merged dates out of order, or a start taken by another generation', async () => {
    await makeGeneration(ctx(), '2024-08-01');
    const g = await makeGeneration(ctx(), '2025-08-01');
    const url = `/api/generations/${g.id}`;
    expect((await as(ctx(), admin, { method: 'PATCH', url, payload: {} })).statusCode).toBe(422);
    const backwards = await as(ctx(), admin, { method: 'PATCH', url, payload: { start_date: '2031-01-01' } });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ end_date: [GENERATION_MSG.endNotAfterStart] });
    const taken = await as(ctx(), admin, { method: 'PATCH', url, payload: { start_date: '2024-08-01' } });
    expect(taken.json().errors).toEqual({ start_date: [GENERATION_MSG.startTaken] });
    expect((await generationRow(g.id))?.start_date).toBe('2025-08-01');
  });

  it('answers 404 for an unknown generation, 403 for roles 1-3 and 401 without a token', async () => {
    const payload = { end_date: '2031-02-01' };
    expect((await as(ctx(), admin, { method: 'PATCH', url: '/api/generations/999999', payload })).statusCode).toBe(404);
    const g = await makeGeneration(ctx(), '2020-08-01');
    for (const user of others)
      expect((await as(ctx(), user, { method: 'PATCH', url: `/api/generations/${g.id}`, payload })).statusCode).toBe(
        403,
      );
    expect((await as(ctx(), null, { method: 'PATCH', url: `/api/generations/${g.id}`, payload })).statusCode).toBe(401);
    expect((await generationRow(g.id))?.end_date).not.toBe('2031-02-01');
  });
});

describe('DELETE /api/generations/:id', () => {
  it('deletes a generation without students', async () => {
    const g = await makeGeneration(ctx(), '2025-08-01');
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/generations/${g.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(GENERATION_MSG.deleted);
    expect(await generationRow(g.id)).toBeUndefined();
  });

  it('answers 409 and keeps the generation when students are linked to it', async () => {
    const g = await makeGeneration(ctx(), '2025-08-01');
    await linkStudentToGeneration(ctx(), g.id);
    await linkStudentToGeneration(ctx(), g.id);
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/generations/${g.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${GENERATION_MSG.inUse} Alumnos vinculados: 2.`);
    expect(await generationRow(g.id)).toBeDefined();
  });

  it('answers 403 for roles 1-3, 401 without a token and 404 for an unknown generation', async () => {
    const g = await makeGeneration(ctx(), '2025-08-01');
    for (const user of others)
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/generations/${g.id}` })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'DELETE', url: `/api/generations/${g.id}` })).statusCode).toBe(401);
    expect(await generationRow(g.id)).toBeDefined();
    expect((await as(ctx(), admin, { method: 'DELETE', url: '/api/generations/999999' })).statusCode).toBe(404);
  });
});
