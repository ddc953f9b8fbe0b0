import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PERIOD_MSG, canManageInstitution, errorResponse, idParam, okResponse, period, periodCreateBody, periodUpdateBody,
  periodsPage, periodsQuery,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { refuseIfInUse } from '../../db/usage.js';
import {
  activateOnly, deletePeriod, findPeriod, insertPeriod, lockActivation, pagePeriods, PERIOD_DEPENDENTS,
  updatePeriod, type PeriodRow,
} from './periods.repository.js';
import { valueTaken } from '../../db/lookups.js';

const present = (p: PeriodRow) => ({ ...p, is_active: p.is_active === 1 });

/** A write that broke `periods_one_active`: another activation won a race this request lost. */
function isOneActiveViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') return e.constraint === 'periods_one_active';
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /periods\.is_active/.test(e.message ?? '');
}

const ATTEMPTS = 3;

export const periodsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Runs a write that may activate a period; a lost race on the one-active index is retried and,
   * if it keeps losing, answered 409 rather than 500.
   */
  async function withActivation<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (!isOneActiveViolation(err)) throw err;
        if (attempt >= ATTEMPTS) throw conflict(PERIOD_MSG.concurrentActivation);
      }
    }
  }

  async function existingOr404(id: number): Promise<PeriodRow> {
    const row = await findPeriod(app.db, id);
    if (!row) throw notFound(PERIOD_MSG.notFound);
    return row;
  }

  app.get('/periods', {
    preHandler: app.guard(),
    schema: {
      tags: ['periods'], summary: 'Periodos filtrados y paginados, del más reciente al más antiguo', querystring: periodsQuery,
      response: { 200: periodsPage, 401: errorResponse, 422: errorResponse },
    },
  }, async (request) => {
    const { page, per_page, ...filters } = request.query;
    const { total, rows } = await pagePeriods(app.db, filters, page, per_page);
    return {
      data: rows.map(present),
      meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / per_page)), total, per_page },
    };
  });

  app.post('/periods', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['periods'], summary: 'Crea un periodo (publicado e inactivo)', body: periodCreateBody,
      response: { 201: period, 403: errorResponse, 422: errorResponse },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const body = request.body;
    if (await valueTaken(app.db, 'periods', 'period_name', body.period_name, null)) throw fieldError('period_name', PERIOD_MSG.nameTaken);
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await insertPeriod(trx, { ...body, notes: body.notes ?? null }, nowIso());
      await audit(trx, { userId: actor.id, action: 'period.create', entity: 'periods', entityId: row.id, details: { period_name: body.period_name } });
      return row.id;
    });
    return reply.code(201).send(present(await existingOr404(id)));
  });

  app.put('/periods/:id', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['periods'], summary: 'Actualiza cualquiera de los campos de un periodo', params: idParam, body: periodUpdateBody,
      response: { 200: period, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const existing = await existingOr404(request.params.id);
    const body = request.body;
    const datesChange = (body.start_date !== undefined && body.start_date !== existing.start_date)
      || (body.end_date !== undefined && body.end_date !== existing.end_date);
    if (existing.status === 'closed' && datesChange) throw conflict(PERIOD_MSG.closedDatesLocked);
    const start = body.start_date ?? existing.start_date;
    const end = body.end_date ?? existing.end_date;
    if (end < start) throw fieldError('end_date', PERIOD_MSG.endBeforeStart);
    if (body.period_name !== undefined && await valueTaken(app.db, 'periods', 'period_name', body.period_name, existing.id)) {
      throw fieldError('period_name', PERIOD_MSG.nameTaken);
    }
    const status = body.status ?? existing.status;
    if (body.is_active === true && status === 'closed') throw conflict(PERIOD_MSG.activateClosed);

    const values: Parameters<typeof updatePeriod>[2] = {};
    if (body.period_name !== undefined) values.period_name = body.period_name;
    if (body.start_date !== undefined) values.start_date = body.start_date;
    if (body.end_date !== undefined) values.end_date = body.end_date;
    if (body.notes !== undefined) values.notes = body.notes;
    if (body.status !== undefined) values.status = body.status;
    // A closed period is never the active one.
    if (body.is_active === false || status === 'closed') values.is_active = 0;

    await withActivation(() => app.db.transaction().execute(async (trx) => {
      if (body.is_active === true) await lockActivation(trx, app.dialect);
      const now = nowIso();
      await updatePeriod(trx, existing.id, values, now);
      if (body.is_active === true && !(await activateOnly(trx, existing.id, now))) throw conflict(PERIOD_MSG.activateClosed);
      await audit(trx, { userId: actor.id, action: 'period.update', entity: 'periods', entityId: existing.id, details: body });
    }));
    return present(await existingOr404(existing.id));
  });

  app.delete('/periods/:id', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['periods'], summary: 'Elimina un periodo sin registros asociados', params: idParam,
      response: { 200: okResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const existing = await existingOr404(request.params.id);
    await app.db.transaction().execute(async (trx) => {
      const current = await findPeriod(trx, existing.id);
      if (current?.is_active === 1) throw conflict(PERIOD_MSG.deleteActive);
      await refuseIfInUse(trx, existing.id, PERIOD_DEPENDENTS, `El periodo "${existing.period_name}"`, 'listed');
      await deletePeriod(trx, existing.id);
      await audit(trx, { userId: actor.id, action: 'period.delete', entity: 'periods', entityId: existing.id, details: { period_name: existing.period_name } });
    });
    return { message: PERIOD_MSG.deleted };
  });

  app.post('/periods/:id/activate', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['periods'], summary: 'Activa el periodo y desactiva los demás, en una transacción', params: idParam,
      response: { 200: period, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const existing = await existingOr404(request.params.id);
    if (existing.status === 'closed') throw conflict(PERIOD_MSG.activateClosed);
    // Activating deactivates the others in the same transaction, so two can never be active.
    await withActivation(() => app.db.transaction().execute(async (trx) => {
      await lockActivation(trx, app.dialect);
      if (!(await activateOnly(trx, existing.id, nowIso()))) {
        throw (await findPeriod(trx, existing.id)) ? conflict(PERIOD_MSG.activateClosed) : notFound(PERIOD_MSG.notFound);
      }
      await audit(trx, { userId: actor.id, action: 'period.activate', entity: 'periods', entityId: existing.id });
    }));
    return present(await existingOr404(existing.id));
  });

  app.post('/periods/:id/close', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['periods'], summary: 'Cierra el periodo (y lo desactiva)', params: idParam,
      response: { 200: period, 403: errorResponse, 404: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const existing = await existingOr404(request.params.id);
    await app.db.transaction().execute(async (trx) => {
      await updatePeriod(trx, existing.id, { status: 'closed', is_active: 0 }, nowIso());
      await audit(trx, { userId: actor.id, action: 'period.close', entity: 'periods', entityId: existing.id });
    });
    return present(await existingOr404(existing.id));
  });
};

