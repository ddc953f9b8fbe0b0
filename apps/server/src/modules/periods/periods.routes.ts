import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PERIOD_MSG,
  canManageInstitution,
  idParam,
  okResponse,
  period,
  periodCreateBody,
  periodUpdateBody,
  periodsPage,
  periodsQuery,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { conflict, errorResponses, fieldError, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { deleteUnlessInUse } from '../../db/usage.js';
import {
  findPeriod,
  insertPeriod,
  pagePeriods,
  PERIOD_DEPENDENTS,
  updatePeriod,
  type PeriodRow,
} from './periods.repository.js';
import { activatePeriod, refuseOverlap, updatePeriodFields, withActivation } from './periods.service.js';
import { valueTaken } from '../../db/lookups.js';
import type { RouteApp } from '../../lib/route-app.js';

const present = (p: PeriodRow) => ({ ...p, is_active: p.is_active === 1 });

/** The period, or 404 when there is none of that id. */
async function existingOr404(app: RouteApp, id: number): Promise<PeriodRow> {
  const row = await findPeriod(app.db, id);
  if (!row) throw notFound(PERIOD_MSG.notFound);
  return row;
}

function listPeriodsRoute(app: RouteApp): void {
  app.get(
    '/periods',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['periods'],
        summary: 'Periodos filtrados y paginados, del más reciente al más antiguo',
        querystring: periodsQuery,
        response: { 200: periodsPage, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { page, per_page, ...filters } = request.query;
      const { total, rows } = await pagePeriods(app.db, filters, page, per_page);
      return {
        data: rows.map(present),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / per_page)), total, per_page },
      };
    },
  );
}

function createPeriodRoute(app: RouteApp): void {
  app.post(
    '/periods',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['periods'],
        summary: 'Crea un periodo (publicado e inactivo)',
        body: periodCreateBody,
        response: { 201: period, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      if (await valueTaken(app.db, 'periods', 'period_name', body.period_name, null))
        throw fieldError('period_name', PERIOD_MSG.nameTaken);
      const id = await app.db.transaction().execute(async (trx) => {
        await refuseOverlap(trx, body.start_date, body.end_date, null);
        const row = await insertPeriod(trx, { ...body, notes: body.notes ?? null }, nowIso());
        await auditRow(trx, actor.id, 'period.create', 'periods', row.id, { period_name: body.period_name });
        return row.id;
      });
      return reply.code(201).send(present(await existingOr404(app, id)));
    },
  );
}

function updatePeriodRoute(app: RouteApp): void {
  app.put(
    '/periods/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['periods'],
        summary: 'Actualiza cualquiera de los campos de un periodo',
        params: idParam,
        body: periodUpdateBody,
        response: { 200: period, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const existing = await existingOr404(app, request.params.id);
      await withActivation(() =>
        app.db.transaction().execute((trx) => updatePeriodFields(trx, app.dialect, actor.id, existing, request.body)),
      );
      return present(await existingOr404(app, existing.id));
    },
  );
}

function deletePeriodRoute(app: RouteApp): void {
  app.delete(
    '/periods/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['periods'],
        summary: 'Elimina un periodo sin registros asociados',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const existing = await existingOr404(app, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        const current = await findPeriod(trx, existing.id);
        if (current?.is_active === 1) throw conflict(PERIOD_MSG.deleteActive);
        const { id, period_name } = existing;
        await deleteUnlessInUse(trx, 'periods', id, PERIOD_DEPENDENTS, `El periodo "${period_name}"`, 'listed');
        await auditRow(trx, actor.id, 'period.delete', 'periods', id, { period_name });
      });
      return { message: PERIOD_MSG.deleted };
    },
  );
}

function activatePeriodRoute(app: RouteApp): void {
  app.post(
    '/periods/:id/activate',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['periods'],
        summary: 'Activa el periodo y desactiva los demás, en una transacción',
        params: idParam,
        response: { 200: period, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const existing = await existingOr404(app, request.params.id);
      if (existing.status === 'closed') throw conflict(PERIOD_MSG.activateClosed);
      await withActivation(() =>
        app.db.transaction().execute((trx) => activatePeriod(trx, app.dialect, actor.id, existing.id)),
      );
      return present(await existingOr404(app, existing.id));
    },
  );
}

function closePeriodRoute(app: RouteApp): void {
  app.post(
    '/periods/:id/close',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['periods'],
        summary: 'Cierra el periodo (y lo desactiva)',
        params: idParam,
        response: { 200: period, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const existing = await existingOr404(app, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        await updatePeriod(trx, existing.id, { status: 'closed', is_active: 0 }, nowIso());
        await auditRow(trx, actor.id, 'period.close', 'periods', existing.id);
      });
      return present(await existingOr404(app, existing.id));
    },
  );
}

export const periodsRoutes: FastifyPluginAsyncZod = async (app) => {
  listPeriodsRoute(app);
  createPeriodRoute(app);
  updatePeriodRoute(app);
  deletePeriodRoute(app);
  activatePeriodRoute(app);
  closePeriodRoute(app);
};
