import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GENERATION_MSG,
  canManageInstitution,
  generation,
  generationCreateBody,
  generationPatchBody,
  generationPreview,
  generationPreviewQuery,
  generationPreviewResponse,
  generationSuggestion,
  generationUpdateBody,
  generationsQuery,
  idParam,
  okResponse,
  suggestNextGenerationStart,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { refuseIfInUse } from '../../db/usage.js';
import { errorResponses, fieldError, notFound } from '../../lib/http-errors.js';
import { institutionToday, nowIso } from '../../lib/time.js';
import {
  GENERATION_DEPENDENTS,
  deleteGeneration,
  findGeneration,
  insertGeneration,
  latestGenerationStart,
  listGenerations,
  presentGeneration,
  startDateTaken,
  updateGeneration,
} from './generations.repository.js';
import type { RouteApp } from '../../lib/route-app.js';

export const generationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The static paths are declared before /generations/:id; the router prefers them in any case.
  registerDateHelpers(app);
  registerReads(app);
  registerCreate(app);
  registerDateChanges(app);
  registerDelete(app);
};

/** The preview of a start date and the suggested next generation. */
function registerDateHelpers(app: RouteApp): void {
  app.get(
    '/generations/preview',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['generations'],
        summary: 'Fin y 9 semestres de una generación que empieza en start_date',
        querystring: generationPreviewQuery,
        response: { 200: generationPreviewResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => generationPreview(request.query.start_date),
  );

  app.get(
    '/generations/suggest-next',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['generations'],
        summary: 'Siguiente generación sugerida: la última + 6 meses, o el próximo 1 de agosto',
        response: { 200: generationSuggestion, ...errorResponses(401) },
      },
    },
    async () => {
      const start = suggestNextGenerationStart(await latestGenerationStart(app.db), institutionToday());
      return { suggested: start, ...generationPreview(start) };
    },
  );
}

/** The list of generations and one generation. */
function registerReads(app: RouteApp): void {
  app.get(
    '/generations',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['generations'],
        summary: 'Generaciones por fecha de inicio',
        querystring: generationsQuery,
        response: { 200: z.array(generation), ...errorResponses(401, 422) },
      },
    },
    async (request) => (await listGenerations(app.db, request.query)).map(presentGeneration),
  );

  app.get(
    '/generations/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['generations'],
        summary: 'Una generación',
        params: idParam,
        response: { 200: generation, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const row = await findGeneration(app.db, request.params.id);
      if (!row) throw notFound(GENERATION_MSG.notFound);
      return presentGeneration(row);
    },
  );
}

function registerCreate(app: RouteApp): void {
  app.post(
    '/generations',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['generations'],
        summary: 'Crea una generación (fin por omisión: inicio + 54 meses)',
        body: generationCreateBody,
        response: { 201: generation, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const start = request.body.start_date;
      const end = request.body.end_date ?? generationPreview(start).end_date;
      if (await startDateTaken(app.db, start, null)) throw fieldError('start_date', GENERATION_MSG.startTaken);
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await insertGeneration(trx, { start_date: start, end_date: end }, nowIso());
        await auditRow(trx, actor.id, 'generation.create', 'generations', created.id, {
          start_date: start,
          end_date: end,
        });
        return created;
      });
      return reply.code(201).send(presentGeneration(row));
    },
  );
}

/** Writes new dates of an existing generation (PUT and PATCH); its start must not be another generation's. */
async function saveDates(app: RouteApp, actorId: number, id: number, dates: { start_date: string; end_date: string }) {
  if (await startDateTaken(app.db, dates.start_date, id)) throw fieldError('start_date', GENERATION_MSG.startTaken);
  const row = await app.db.transaction().execute(async (trx) => {
    const updated = await updateGeneration(trx, id, dates, nowIso());
    await auditRow(trx, actorId, 'generation.update', 'generations', id, dates);
    return updated;
  });
  return presentGeneration(row);
}

/** PUT (both dates) and PATCH (one or both dates). */
function registerDateChanges(app: RouteApp): void {
  app.put(
    '/generations/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['generations'],
        summary: 'Actualiza las fechas de una generación',
        params: idParam,
        body: generationUpdateBody,
        response: { 200: generation, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findGeneration(app.db, id))) throw notFound(GENERATION_MSG.notFound);
      return saveDates(app, actorOf(request).id, id, request.body);
    },
  );

  app.patch(
    '/generations/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['generations'],
        summary: 'Cambia una o las dos fechas de una generación',
        params: idParam,
        body: generationPatchBody,
        response: { 200: generation, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const existing = await findGeneration(app.db, id);
      if (!existing) throw notFound(GENERATION_MSG.notFound);
      const dates = {
        start_date: request.body.start_date ?? existing.start_date,
        end_date: request.body.end_date ?? existing.end_date,
      };
      if (dates.end_date <= dates.start_date) throw fieldError('end_date', GENERATION_MSG.endNotAfterStart);
      return saveDates(app, actor.id, id, dates);
    },
  );
}

function registerDelete(app: RouteApp): void {
  app.delete(
    '/generations/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['generations'],
        summary: 'Elimina una generación sin alumnos',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const existing = await findGeneration(app.db, id);
      if (!existing) throw notFound(GENERATION_MSG.notFound);
      await app.db.transaction().execute(async (trx) => {
        await refuseIfInUse(
          trx,
          id,
          GENERATION_DEPENDENTS,
          ([students]) => `${GENERATION_MSG.inUse} Alumnos vinculados: ${students!.count}.`,
        );
        await deleteGeneration(trx, id);
        await auditRow(trx, actor.id, 'generation.delete', 'generations', id, { start_date: existing.start_date });
      });
      return { message: GENERATION_MSG.deleted };
    },
  );
}
