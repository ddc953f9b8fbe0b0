import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ATTRIBUTE_TARGET, ROLE, TARGET_MSG } from '@egreso/domain';
import { makeAttribute, makeCareer, makePeriod } from '../../test/factories.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();
let admin: TestUser;
let chief: TestUser;
let otherChief: TestUser;
let teacher: TestUser;
const ids = { career: 0, other: 0, a: 0, b: 0, foreign: 0, p1: 0, p2: 0, p3: 0 };

beforeAll(async () => {
  const c = ctx();
  admin = await createUser(c, ROLE.ADMIN);
  chief = await createUser(c, ROLE.CHIEF);
  otherChief = await createUser(c, ROLE.CHIEF);
  teacher = await createUser(c, ROLE.TEACHER);
  ids.career = (await makeCareer(c)).id;
  ids.other = (await makeCareer(c)).id;
  await c.database.db
    .insertInto('user_careers')
    .values([
      { user_id: chief.id, career_id: ids.career },
      { user_id: otherChief.id, career_id: ids.other },
    ])
    .execute();
  ids.a = (await makeAttribute(c, { attribute_name: 'Análisis', career_id: ids.career })).id;
  ids.b = (await makeAttribute(c, { attribute_name: 'Ética', career_id: ids.career })).id;
  ids.foreign = (await makeAttribute(c, { attribute_name: 'Diseño', career_id: ids.other })).id;
  ids.p1 = (await makePeriod(c, { period_name: 'Ene-Jun 2031', start_date: '2031-01-20', end_date: '2031-06-10' })).id;
  ids.p2 = (await makePeriod(c, { period_name: 'Ago-Dic 2031', start_date: '2031-08-20', end_date: '2031-12-10' })).id;
  ids.p3 = (await makePeriod(c, { period_name: 'Ene-Jun 2032', start_date: '2032-01-20', end_date: '2032-06-10' })).id;
});

const get = (user: TestUser, period: number, career = ids.career) =>
  as(ctx(), user, { method: 'GET', url: `/api/reportes/metas?career_id=${career}&period_id=${period}` });
const put = (user: TestUser, payload: object) =>
  as(ctx(), user, { method: 'PUT', url: '/api/reportes/metas', payload });
const summary = async (user: TestUser, period: number) =>
  (
    (await get(user, period)).json().targets as Array<{
      attribute_name: string;
      target: number;
      source: string;
      source_period_name: string | null;
    }>
  ).map((t) => [t.attribute_name, t.target, t.source, t.source_period_name]);

describe('targets per career, attribute and period', () => {
  it("defaults to 70 % and keeps each period's value when a later period changes it", async () => {
    expect(await summary(chief, ids.p2)).toEqual([
      ['Análisis', DEFAULT_ATTRIBUTE_TARGET, 'predeterminada', null],
      ['Ética', 70, 'predeterminada', null],
    ]);
    const saved = await put(chief, {
      career_id: ids.career,
      period_id: ids.p1,
      targets: [{ attribute_id: ids.a, target: 80 }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().targets[0]).toMatchObject({ attribute_id: ids.a, target: 80, source: 'periodo' });
    // Later periods carry it; a change in the third period leaves the first and second as they were.
    expect(await summary(chief, ids.p2)).toEqual([
      ['Análisis', 80, 'anterior', 'Ene-Jun 2031'],
      ['Ética', 70, 'predeterminada', null],
    ]);
    expect(
      (
        await put(admin, {
          career_id: ids.career,
          period_id: ids.p3,
          targets: [
            { attribute_id: ids.a, target: 60 },
            { attribute_id: ids.b, target: 90 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(await summary(chief, ids.p1)).toEqual([
      ['Análisis', 80, 'periodo', 'Ene-Jun 2031'],
      ['Ética', 70, 'predeterminada', null],
    ]);
    expect(await summary(chief, ids.p2)).toEqual([
      ['Análisis', 80, 'anterior', 'Ene-Jun 2031'],
      ['Ética', 70, 'predeterminada', null],
    ]);
    expect(await summary(chief, ids.p3)).toEqual([
      ['Análisis', 60, 'periodo', 'Ene-Jun 2032'],
      ['Ética', 90, 'periodo', 'Ene-Jun 2032'],
    ]);
    // Saving again in the same period updates its row.
    await put(chief, { career_id: ids.career, period_id: ids.p1, targets: [{ attribute_id: ids.a, target: 75 }] });
    expect((await summary(chief, ids.p1))[0]).toEqual(['Análisis', 75, 'periodo', 'Ene-Jun 2031']);
    const rows = await ctx()
      .database.db.selectFrom('attribute_targets')
      .select(['period_id', 'target'])
      .where('career_id', '=', ids.career)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { period_id: ids.p1, target: 75 },
      { period_id: ids.p3, target: 60 },
      { period_id: ids.p3, target: 90 },
    ]);
  });

  it('lets a chief act only on their careers; teachers get 403', async () => {
    expect((await get(otherChief, ids.p1)).statusCode).toBe(403);
    const refused = await put(otherChief, {
      career_id: ids.career,
      period_id: ids.p1,
      targets: [{ attribute_id: ids.a, target: 10 }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TARGET_MSG.notYourCareer);
    expect((await get(teacher, ids.p1)).statusCode).toBe(403);
    expect((await get(admin, ids.p1, ids.other)).statusCode).toBe(200);
  });

  it('refuses bad targets, duplicates and attributes of another career with 422, changing nothing', async () => {
    const before = await ctx().database.db.selectFrom('attribute_targets').selectAll().orderBy('id').execute();
    const cases: Array<[object, string]> = [
      [
        { career_id: ids.career, period_id: ids.p2, targets: [{ attribute_id: ids.a, target: 101 }] },
        'targets.0.target',
      ],
      [
        { career_id: ids.career, period_id: ids.p2, targets: [{ attribute_id: ids.a, target: 50.5 }] },
        'targets.0.target',
      ],
      [{ career_id: ids.career, period_id: ids.p2, targets: [] }, 'targets'],
      [
        {
          career_id: ids.career,
          period_id: ids.p2,
          targets: [
            { attribute_id: ids.a, target: 50 },
            { attribute_id: ids.a, target: 60 },
          ],
        },
        'targets',
      ],
      [{ career_id: ids.career, period_id: ids.p2, targets: [{ attribute_id: ids.foreign, target: 50 }] }, 'targets'],
      [{ career_id: ids.career, period_id: 999999, targets: [{ attribute_id: ids.a, target: 50 }] }, 'period_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(chief, payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await ctx().database.db.selectFrom('attribute_targets').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
