import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAREER_MSG, canManageInstitution, career, careerBody, idParam, okResponse } from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { errorResponses, fieldError, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { deleteUnlessInUse } from '../../db/usage.js';
import { CAREER_DEPENDENTS, findCareer, insertCareer, listCareers, updateCareer } from './careers.repository.js';
import { valueTaken } from '../../db/lookups.js';
import type { RouteApp } from '../../lib/route-app.js';

export const careersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app);
  registerCreate(app);
  registerUpdate(app);
  registerDelete(app);
};

function registerList(app: RouteApp): void {
  app.get(
    '/careers',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['careers'],
        summary: 'Carreras, por nombre',
        response: { 200: z.array(career), ...errorResponses(401) },
      },
    },
    async () => listCareers(app.db),
  );
}

function registerCreate(app: RouteApp): void {
  app.post(
    '/careers',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['careers'],
        summary: 'Crea una carrera',
        body: careerBody,
        response: { 201: career, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      if (await valueTaken(app.db, 'careers', 'career_key', body.career_key, null))
        throw fieldError('career_key', CAREER_MSG.keyTaken);
      const created = await app.db.transaction().execute(async (trx) => {
        const row = await insertCareer(trx, body, nowIso());
        await auditRow(trx, actor.id, 'career.create', 'careers', row.id, body);
        return row;
      });
      return reply.code(201).send(created);
    },
  );
}

function registerUpdate(app: RouteApp): void {
  app.put(
    '/careers/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['careers'],
        summary: 'Actualiza una carrera',
        params: idParam,
        body: careerBody,
        response: { 200: career, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const body = request.body;
      if (!(await findCareer(app.db, id))) throw notFound(CAREER_MSG.notFound);
      if (await valueTaken(app.db, 'careers', 'career_key', body.career_key, id))
        throw fieldError('career_key', CAREER_MSG.keyTaken);
      return app.db.transaction().execute(async (trx) => {
        const row = await updateCareer(trx, id, body, nowIso());
        await auditRow(trx, actor.id, 'career.update', 'careers', id, body);
        return row;
      });
    },
  );
}

function registerDelete(app: RouteApp): void {
  app.delete(
    '/careers/:id',
    {
      onRequest: app.guard(canManageInstitution),
      schema: {
        tags: ['careers'],
        summary: 'Elimina una carrera sin registros asociados',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const existing = await findCareer(app.db, id);
      if (!existing) throw notFound(CAREER_MSG.notFound);
      await app.db.transaction().execute(async (trx) => {
        await deleteUnlessInUse(trx, 'careers', id, CAREER_DEPENDENTS, `La carrera "${existing.name}"`, 'listed');
        await auditRow(trx, actor.id, 'career.delete', 'careers', id, { career_key: existing.career_key });
      });
      return { message: CAREER_MSG.deleted };
    },
  );
}
