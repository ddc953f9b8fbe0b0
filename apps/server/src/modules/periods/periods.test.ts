import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERIOD_MSG, ROLE } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import { makeAssignment, makePeriod, makeSubject } from '../../test/factories.js';
import { as, createUser, onPostgres, useTestApp, type TestUser } from '../../test/harness.js';

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

// Every test starts from an empty periods table, so counts and pages are exact.
beforeEach(async () => {
  const db = ctx().database.db;
  await db.deleteFrom('observations').execute();
  await db.deleteFrom('enrolments').execute();
  await db.deleteFrom('professor_subjects').execute();
  await db.deleteFrom('periods').execute();
});

const activeIds = async () =>
  (await ctx().database.db.selectFrom('periods').select('id').where('is_active', '=', 1).execute()).map((r) => r.id);
const periodRow = (id: number) =>
  ctx().database.db.selectFrom('periods').selectAll().where('id', '=', id).executeTakeFirst();

describe('GET /api/periods', () => {
  it('answers 401 without a token and is open to every signed-in role', async () => {
    expect((await as(ctx(), null, { method: 'GET', url: '/api/periods' })).statusCode).toBe(401);
    await makePeriod(ctx());
    for (const user of [admin, ...others]) {
      const res = await as(ctx(), user, { method: 'GET', url: '/api/periods' });
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.total).toBe(1);
    }
  });

  it('pages by 10 by default, newest start first, with the meta of the spec', async () => {
    for (let i = 1; i <= 12; i++)
      await makePeriod(ctx(), {
        period_name: `P${i}`,
        start_date: `2030-${String(i).padStart(2, '0')}-01`,
        end_date: '2031-01-01',
      });
    const first = await as(ctx(), admin, { method: 'GET', url: '/api/periods' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, total: 12, per_page: 10 });
    expect(body.data.map((p: { period_name: string }) => p.period_name)).toEqual([
      'P12',
      'P11',
      'P10',
      'P9',
      'P8',
      'P7',
      'P6',
      'P5',
      'P4',
      'P3',
    ]);
    expect(body.data[0]).toMatchObject({
      status: 'published',
      is_active: false,
      notes: null,
      start_date: '2030-12-01',
      end_date: '2031-01-01',
    });
    const second = (await as(ctx(), admin, { method: 'GET', url: '/api/periods?page=2' })).json();
    expect(second.data.map((p: { period_name: string }) => p.period_name)).toEqual(['P2', 'P1']);
    expect(second.meta.current_page).toBe(2);
  });

  it('filters by name (contains, without case), status and is_active given as 1/0/true/false', async () => {
    await makePeriod(ctx(), { period_name: 'AGO-DIC 2030', start_date: '2030-08-10', status: 'closed' });
    await makePeriod(ctx(), { period_name: 'ENE-JUN 2031', start_date: '2031-01-20', is_active: 1 });
    await makePeriod(ctx(), { period_name: 'Verano 2031', start_date: '2031-07-01' });
    const names = async (qs: string) =>
      (
        (await as(ctx(), admin, { method: 'GET', url: `/api/periods?${qs}` })).json().data as Array<{
          period_name: string;
        }>
      ).map((p) => p.period_name);
    expect(await names('period_name=ago')).toEqual(['AGO-DIC 2030']);
    expect(await names('period_name=2031')).toEqual(['Verano 2031', 'ENE-JUN 2031']);
    expect(await names('status=closed')).toEqual(['AGO-DIC 2030']);
    expect(await names('status=published')).toEqual(['Verano 2031', 'ENE-JUN 2031']);
    expect(await names('is_active=1')).toEqual(['ENE-JUN 2031']);
    expect(await names('is_active=true')).toEqual(['ENE-JUN 2031']);
    expect(await names('is_active=0')).toEqual(['Verano 2031', 'AGO-DIC 2030']);
    expect(await names('is_active=false')).toEqual(['Verano 2031', 'AGO-DIC 2030']);
    expect(await names('status=published&is_active=0&period_name=VERANO')).toEqual(['Verano 2031']);
  });

  it('serves the summary cards with per_page=1 and the status and is_active filters', async () => {
    await makePeriod(ctx(), { period_name: 'Cerrado A', status: 'closed' });
    await makePeriod(ctx(), { period_name: 'Cerrado B', status: 'closed' });
    await makePeriod(ctx(), { period_name: 'Publicado', is_active: 1 });
    const meta = async (qs: string) =>
      (await as(ctx(), others[1]!, { method: 'GET', url: `/api/periods?per_page=1${qs}` })).json();
    expect((await meta('')).meta).toEqual({ current_page: 1, last_page: 3, total: 3, per_page: 1 });
    expect((await meta('&status=published')).meta.total).toBe(1);
    expect((await meta('&status=closed')).meta.total).toBe(2);
    const active = await meta('&is_active=1');
    expect(active.meta.total).toBe(1);
    expect(active.data[0].period_name).toBe('Publicado');
  });

  it('answers 422 for per_page over 100, a page under 1, or an unknown status', async () => {
    for (const qs of ['per_page=101', 'per_page=0', 'page=0', 'status=borrador', 'is_active=quiza']) {
      const res = await as(ctx(), admin, { method: 'GET', url: `/api/periods?${qs}` });
      expect(res.statusCode, qs).toBe(422);
    }
    expect((await as(ctx(), admin, { method: 'GET', url: '/api/periods?per_page=100' })).statusCode).toBe(200);
  });
});

describe('POST /api/periods', () => {
  it('creates a published, inactive period with null notes by default', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: { period_name: ' ENE-JUN 2032 ', start_date: '2032-01-20', end_date: '2032-06-10' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      period_name: 'ENE-JUN 2032',
      status: 'published',
      is_active: false,
      notes: null,
    });
  });

  it('keeps notes and accepts a one-day period (end equal to start)', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: {
        period_name: 'Intensivo',
        start_date: '2032-07-01',
        end_date: '2032-07-01',
        notes: ' Curso de verano ',
        status: 'published',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().notes).toBe('Curso de verano');
  });

  it('answers 422 with Spanish per-field messages', async () => {
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: { period_name: '', start_date: '', end_date: '2032-02-30' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      period_name: [PERIOD_MSG.nameRequired],
      start_date: [PERIOD_MSG.startRequired],
      end_date: ['La fecha debe tener el formato AAAA-MM-DD'],
    });
  });

  it('answers 422 when the end is before the start or the name is over 100 characters', async () => {
    const backwards = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: { period_name: 'Al revés', start_date: '2032-06-10', end_date: '2032-01-20' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ end_date: [PERIOD_MSG.endBeforeStart] });
    const long = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: { period_name: 'P'.repeat(101), start_date: '2032-01-20', end_date: '2032-06-10' },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.period_name).toEqual(['Máximo 100 caracteres']);
  });

  it('answers 422 on the name when another period has it, whatever its case', async () => {
    await makePeriod(ctx(), { period_name: 'AGO-DIC 2032' });
    const res = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: { period_name: 'ago-dic 2032', start_date: '2032-08-10', end_date: '2032-12-10' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: PERIOD_MSG.nameTaken, errors: { period_name: [PERIOD_MSG.nameTaken] } });
  });

  it('answers 403 for roles 1-3 and 401 without a token', async () => {
    const payload = { period_name: 'Prohibido', start_date: '2032-01-20', end_date: '2032-06-10' };
    for (const user of others)
      expect((await as(ctx(), user, { method: 'POST', url: '/api/periods', payload })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'POST', url: '/api/periods', payload })).statusCode).toBe(401);
    expect(await ctx().database.db.selectFrom('periods').select('id').execute()).toHaveLength(0);
  });
});

describe('PUT /api/periods/:id', () => {
  it('changes any one field and leaves the others', async () => {
    const p = await makePeriod(ctx(), { period_name: 'Original', start_date: '2033-01-20', end_date: '2033-06-10' });
    const res = await as(ctx(), admin, { method: 'PUT', url: `/api/periods/${p.id}`, payload: { notes: 'Con notas' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      period_name: 'Original',
      start_date: '2033-01-20',
      end_date: '2033-06-10',
      notes: 'Con notas',
    });
    const renamed = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${p.id}`,
      payload: { period_name: 'Renombrado', end_date: '2033-06-30' },
    });
    expect(renamed.json()).toMatchObject({ period_name: 'Renombrado', end_date: '2033-06-30', notes: 'Con notas' });
  });

  it('writes nothing, not even updated_at or an audit row, when the request changes nothing', async () => {
    const p = await makePeriod(ctx(), { period_name: 'Sin cambios', start_date: '2034-01-20', end_date: '2034-06-10' });
    const before = await periodRow(p.id);
    const audits = async () =>
      (
        await ctx()
          .database.db.selectFrom('audit_log')
          .select('id')
          .where('entity', '=', 'periods')
          .where('entity_id', '=', p.id)
          .execute()
      ).length;
    for (const payload of [{}, { period_name: 'Sin cambios', end_date: '2034-06-10' }, { is_active: false }]) {
      const res = await as(ctx(), admin, { method: 'PUT', url: `/api/periods/${p.id}`, payload });
      expect(res.statusCode).toBe(200);
    }
    expect(await periodRow(p.id)).toEqual(before);
    expect(await audits()).toBe(0);
    await as(ctx(), admin, { method: 'PUT', url: `/api/periods/${p.id}`, payload: { notes: 'Ahora sí' } });
    expect(await audits()).toBe(1);
  });

  it("refuses to change a closed period's dates, but lets its name and notes change", async () => {
    const p = await makePeriod(ctx(), {
      period_name: 'Cerrado',
      start_date: '2029-01-20',
      end_date: '2029-06-10',
      status: 'closed',
    });
    for (const payload of [{ start_date: '2029-01-21' }, { end_date: '2029-06-11' }]) {
      const res = await as(ctx(), admin, { method: 'PUT', url: `/api/periods/${p.id}`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PERIOD_MSG.closedDatesLocked);
    }
    // The edit form sends the unchanged dates back with the other fields.
    const ok = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${p.id}`,
      payload: { period_name: 'Cerrado 2029', start_date: '2029-01-20', end_date: '2029-06-10', notes: 'Histórico' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ period_name: 'Cerrado 2029', start_date: '2029-01-20', status: 'closed' });
  });

  it('answers 422 when the resulting end is before the start', async () => {
    const p = await makePeriod(ctx(), { start_date: '2033-01-20', end_date: '2033-06-10' });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${p.id}`,
      payload: { start_date: '2033-07-01' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ end_date: [PERIOD_MSG.endBeforeStart] });
  });

  it("answers 422 when renaming to another period's name", async () => {
    await makePeriod(ctx(), { period_name: 'Ocupado' });
    const p = await makePeriod(ctx(), { period_name: 'Libre' });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${p.id}`,
      payload: { period_name: 'OCUPADO' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.period_name).toEqual([PERIOD_MSG.nameTaken]);
  });

  it('activates through is_active true with the same rule: the others are deactivated', async () => {
    const old = await makePeriod(ctx(), { is_active: 1 });
    const p = await makePeriod(ctx());
    const res = await as(ctx(), admin, { method: 'PUT', url: `/api/periods/${p.id}`, payload: { is_active: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(true);
    expect(await activeIds()).toEqual([p.id]);
    expect((await periodRow(old.id))?.is_active).toBe(0);
    const off = await as(ctx(), admin, { method: 'PUT', url: `/api/periods/${p.id}`, payload: { is_active: 0 } });
    expect(off.json().is_active).toBe(false);
    expect(await activeIds()).toEqual([]);
  });

  it('refuses is_active true for a closed period, and closing through status deactivates it', async () => {
    const closed = await makePeriod(ctx(), { status: 'closed' });
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${closed.id}`,
      payload: { is_active: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PERIOD_MSG.activateClosed);
    const active = await makePeriod(ctx(), { is_active: 1 });
    const both = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${active.id}`,
      payload: { status: 'closed', is_active: true },
    });
    expect(both.statusCode).toBe(409);
    expect(await activeIds()).toEqual([active.id]);
    const close = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${active.id}`,
      payload: { status: 'closed' },
    });
    expect(close.json()).toMatchObject({ status: 'closed', is_active: false });
  });

  it('answers 404 for an unknown period, 403 for roles 1-3 and 422 for a bad flag', async () => {
    expect(
      (await as(ctx(), admin, { method: 'PUT', url: '/api/periods/999999', payload: { notes: 'x' } })).statusCode,
    ).toBe(404);
    const p = await makePeriod(ctx(), { period_name: 'Intacto' });
    for (const user of others) {
      expect(
        (await as(ctx(), user, { method: 'PUT', url: `/api/periods/${p.id}`, payload: { period_name: 'Cambiado' } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await periodRow(p.id))?.period_name).toBe('Intacto');
    const bad = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${p.id}`,
      payload: { is_active: 'tal vez', status: 'borrador' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['is_active', 'status']);
  });
});

describe('DELETE /api/periods/:id', () => {
  it('deletes a period nothing uses', async () => {
    const p = await makePeriod(ctx());
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/periods/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PERIOD_MSG.deleted);
    expect(await periodRow(p.id)).toBeUndefined();
  });

  it('refuses to delete the active period', async () => {
    const p = await makePeriod(ctx(), { is_active: 1 });
    const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/periods/${p.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PERIOD_MSG.deleteActive);
    expect(await periodRow(p.id)).toBeDefined();
  });

  it('answers 409 when assignments, enrolments or observations use the period', async () => {
    const withAssignment = await makePeriod(ctx(), { period_name: 'Con asignación' });
    await makeAssignment(ctx(), { period_id: withAssignment.id });

    const withEnrolment = await makePeriod(ctx(), { period_name: 'Con inscripción' });
    const student = await createUser(ctx(), ROLE.STUDENT);
    const subject = await makeSubject(ctx());
    await ctx()
      .database.db.insertInto('enrolments')
      .values({
        user_id: student.id,
        subject_id: subject.id,
        semester_id: 1,
        period_id: withEnrolment.id,
        status_id: 1,
        created_at: nowIso(),
      })
      .execute();

    const withObservation = await makePeriod(ctx(), { period_name: 'Con observación' });
    const teacher = await createUser(ctx(), ROLE.TEACHER);
    const attribute = await ctx()
      .database.db.insertInto('attributes')
      .values({
        attribute_name: 'AE',
        description: null,
        codigo: null,
        career_id: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx()
      .database.db.insertInto('observations')
      .values({
        user_id: student.id,
        attribute_id: attribute.id,
        subject_id: subject.id,
        professor_id: teacher.id,
        period_id: withObservation.id,
        activity_id: null,
        observation: 'Bien',
        created_at: nowIso(),
      })
      .execute();

    const cases: Array<[{ id: number; period_name: string }, string]> = [
      [withAssignment, 'asignaciones (1)'],
      [withEnrolment, 'inscripciones (1)'],
      [withObservation, 'observaciones (1)'],
    ];
    for (const [p, what] of cases) {
      const res = await as(ctx(), admin, { method: 'DELETE', url: `/api/periods/${p.id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `El periodo "${p.period_name}" no puede eliminarse porque tiene registros asociados: ${what}.`,
      );
      expect(await periodRow(p.id)).toBeDefined();
    }
  });

  it('answers 403 for roles 1-3 and 404 for an unknown period', async () => {
    const p = await makePeriod(ctx());
    for (const user of others)
      expect((await as(ctx(), user, { method: 'DELETE', url: `/api/periods/${p.id}` })).statusCode).toBe(403);
    expect(await periodRow(p.id)).toBeDefined();
    expect((await as(ctx(), admin, { method: 'DELETE', url: '/api/periods/999999' })).statusCode).toBe(404);
  });
});

describe('POST /api/periods/:id/activate', () => {
  it('activates the period and deactivates the one that was active', async () => {
    const old = await makePeriod(ctx(), { is_active: 1 });
    const p = await makePeriod(ctx());
    const res = await as(ctx(), admin, { method: 'POST', url: `/api/periods/${p.id}/activate` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, is_active: true, status: 'published' });
    expect(await activeIds()).toEqual([p.id]);
    expect((await periodRow(old.id))?.is_active).toBe(0);
    // Activating the active period again changes nothing.
    expect((await as(ctx(), admin, { method: 'POST', url: `/api/periods/${p.id}/activate` })).statusCode).toBe(200);
    expect(await activeIds()).toEqual([p.id]);
  });

  it('refuses a closed period with the spec message and leaves the active one', async () => {
    const active = await makePeriod(ctx(), { is_active: 1 });
    const closed = await makePeriod(ctx(), { status: 'closed' });
    const res = await as(ctx(), admin, { method: 'POST', url: `/api/periods/${closed.id}/activate` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede activar un periodo cerrado.');
    expect(await activeIds()).toEqual([active.id]);
  });

  it('answers 403 for roles 1-3, 401 without a token and 404 for an unknown period', async () => {
    const p = await makePeriod(ctx());
    for (const user of others)
      expect((await as(ctx(), user, { method: 'POST', url: `/api/periods/${p.id}/activate` })).statusCode).toBe(403);
    expect((await as(ctx(), null, { method: 'POST', url: `/api/periods/${p.id}/activate` })).statusCode).toBe(401);
    expect((await as(ctx(), admin, { method: 'POST', url: '/api/periods/999999/activate' })).statusCode).toBe(404);
    expect(await activeIds()).toEqual([]);
  });

  it(`never leaves two periods active when two activations run at the same time (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, async () => {
    const periods = await Promise.all(Array.from({ length: 4 }, () => makePeriod(ctx())));
    for (let round = 0; round < 8; round++) {
      const a = periods[round % 4]!;
      const b = periods[(round + 1) % 4]!;
      const [ra, rb] = await Promise.all([
        as(ctx(), admin, { method: 'POST', url: `/api/periods/${a.id}/activate` }),
        as(ctx(), admin, { method: 'POST', url: `/api/periods/${b.id}/activate` }),
      ]);
      for (const r of [ra, rb]) {
        expect(r.statusCode).not.toBe(500);
        expect([200, 409]).toContain(r.statusCode);
      }
      const active = await activeIds();
      expect(active).toHaveLength(1);
      expect([a.id, b.id]).toContain(active[0]);
    }
  });

  it('keeps exactly one active period when six activations race, round after round', async () => {
    // Without serialising activations this load produced unique violations and deadlocks on PostgreSQL.
    const periods = await Promise.all(Array.from({ length: 6 }, () => makePeriod(ctx())));
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        periods.map((p) => as(ctx(), admin, { method: 'POST', url: `/api/periods/${p.id}/activate` })),
      );
      for (const r of answers) expect([200, 409]).toContain(r.statusCode);
      expect(await activeIds()).toHaveLength(1);
    }
  });

  it('never leaves a closed period active when activation and closing race', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await makePeriod(ctx());
      const [activation, closing] = await Promise.all([
        as(ctx(), admin, { method: 'POST', url: `/api/periods/${p.id}/activate` }),
        as(ctx(), admin, { method: 'POST', url: `/api/periods/${p.id}/close` }),
      ]);
      expect([200, 409]).toContain(activation.statusCode);
      expect(closing.statusCode).toBe(200);
      const row = await periodRow(p.id);
      expect(row).toMatchObject({ status: 'closed', is_active: 0 });
    }
  });
});

describe('POST /api/periods/:id/close', () => {
  it('closes and deactivates the period', async () => {
    const p = await makePeriod(ctx(), { is_active: 1 });
    const res = await as(ctx(), admin, { method: 'POST', url: `/api/periods/${p.id}/close` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, status: 'closed', is_active: false });
    expect(await activeIds()).toEqual([]);
    const log = await ctx()
      .database.db.selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'periods')
      .where('entity_id', '=', p.id)
      .execute();
    expect(log.map((l) => l.action)).toContain('period.close');
  });

  it('answers 403 for roles 1-3 and 404 for an unknown period', async () => {
    const p = await makePeriod(ctx());
    for (const user of others)
      expect((await as(ctx(), user, { method: 'POST', url: `/api/periods/${p.id}/close` })).statusCode).toBe(403);
    expect((await periodRow(p.id))?.status).toBe('published');
    expect((await as(ctx(), admin, { method: 'POST', url: '/api/periods/999999/close' })).statusCode).toBe(404);
  });
});

describe("the periods screen's rules, on the server", () => {
  const snapshot = () =>
    ctx()
      .database.db.selectFrom('periods')
      .select(['id', 'period_name', 'start_date', 'end_date', 'status', 'is_active', 'updated_at'])
      .orderBy('id')
      .execute();

  it('PUT refuses to reopen a closed period (409) and changes nothing', async () => {
    const p = await makePeriod(ctx(), { period_name: 'Cerrado 2040', start_date: '2040-01-20', status: 'closed' });
    const before = await snapshot();
    const res = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${p.id}`,
      payload: { status: 'published' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Un periodo cerrado no puede reabrirse.');
    expect(await snapshot()).toEqual(before);
  });

  it('POST and PUT refuse dates that share a day with another period (422) and change nothing', async () => {
    await makePeriod(ctx(), { period_name: 'ENE-JUN 2041', start_date: '2041-01-20', end_date: '2041-06-10' });
    const other = await makePeriod(ctx(), {
      period_name: 'AGO-DIC 2041',
      start_date: '2041-08-10',
      end_date: '2041-12-10',
    });
    const before = await snapshot();
    for (const [start_date, end_date] of [
      ['2041-06-10', '2041-07-31'],
      ['2041-01-01', '2041-01-20'],
      ['2041-02-01', '2041-03-01'],
      ['2040-12-01', '2041-12-31'],
    ]) {
      const res = await as(ctx(), admin, {
        method: 'POST',
        url: '/api/periods',
        payload: { period_name: 'Traslapado', start_date, end_date },
      });
      expect(res.statusCode, `${start_date} ${end_date}`).toBe(422);
      expect(res.json().errors.start_date).toEqual([
        expect.stringMatching(/^Las fechas se traslapan con el periodo "(ENE-JUN|AGO-DIC) 2041"\.$/),
      ]);
    }
    const moved = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${other.id}`,
      payload: { start_date: '2041-06-01' },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.start_date).toEqual(['Las fechas se traslapan con el periodo "ENE-JUN 2041".']);
    expect(await snapshot()).toEqual(before);

    // Its own dates never count against it, and the days in between are free.
    const own = await as(ctx(), admin, {
      method: 'PUT',
      url: `/api/periods/${other.id}`,
      payload: { start_date: '2041-08-01', end_date: '2041-12-15' },
    });
    expect(own.statusCode).toBe(200);
    const summer = await as(ctx(), admin, {
      method: 'POST',
      url: '/api/periods',
      payload: { period_name: 'Verano 2041', start_date: '2041-06-11', end_date: '2041-07-31' },
    });
    expect(summer.statusCode).toBe(201);
  });
});
