import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAREER_MSG, canManageInstitution, career, careerBody, collator, errorResponse, idParam, okResponse } from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import {
  careerKeyTaken, careerUsage, deleteCareer, findCareer, insertCareer, listCareers, updateCareer,
} from './careers.repository.js';

/** 'usuarios (2), materias (28)': what keeps a career from being deleted, in words. */
function usageText(usage: Awaited<ReturnType<typeof careerUsage>>): string {
  const parts: string[] = [];
  if (usage.users) parts.push(`jefes o usuarios (${usage.users})`);
  if (usage.subjects) parts.push(`materias (${usage.subjects})`);
  if (usage.attributes) parts.push(`atributos (${usage.attributes})`);
  if (usage.assignments) parts.push(`asignaciones (${usage.assignments})`);
  return parts.join(', ');
}

export const careersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/careers', {
    preHandler: app.guard(),
    schema: { tags: ['careers'], summary: 'Carreras, por nombre', response: { 200: z.array(career), 401: errorResponse } },
  }, async () => {
    const rows = await listCareers(app.db);
    return rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.career_key, b.career_key));
  });

  app.post('/careers', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['careers'], summary: 'Crea una carrera', body: careerBody,
      response: { 201: career, 403: errorResponse, 422: errorResponse },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const body = request.body;
    if (await careerKeyTaken(app.db, body.career_key, null)) throw fieldError('career_key', CAREER_MSG.keyTaken);
    const created = await app.db.transaction().execute(async (trx) => {
      const row = await insertCareer(trx, body, nowIso());
      await audit(trx, { userId: actor.id, action: 'career.create', entity: 'careers', entityId: row.id, details: body });
      return row;
    });
    return reply.code(201).send(created);
  });

  app.put('/careers/:id', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['careers'], summary: 'Actualiza una carrera', params: idParam, body: careerBody,
      response: { 200: career, 403: errorResponse, 404: errorResponse, 422: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const body = request.body;
    if (!(await findCareer(app.db, id))) throw notFound(CAREER_MSG.notFound);
    if (await careerKeyTaken(app.db, body.career_key, id)) throw fieldError('career_key', CAREER_MSG.keyTaken);
    return app.db.transaction().execute(async (trx) => {
      const row = await updateCareer(trx, id, body, nowIso());
      await audit(trx, { userId: actor.id, action: 'career.update', entity: 'careers', entityId: id, details: body });
      return row;
    });
  });

  app.delete('/careers/:id', {
    preHandler: app.guard(canManageInstitution),
    schema: {
      tags: ['careers'], summary: 'Elimina una carrera sin registros asociados', params: idParam,
      response: { 200: okResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const existing = await findCareer(app.db, id);
    if (!existing) throw notFound(CAREER_MSG.notFound);
    await app.db.transaction().execute(async (trx) => {
      const used = usageText(await careerUsage(trx, id));
      if (used) throw conflict(`La carrera "${existing.name}" no puede eliminarse porque tiene registros asociados: ${used}.`);
      await deleteCareer(trx, id);
      await audit(trx, { userId: actor.id, action: 'career.delete', entity: 'careers', entityId: id, details: { career_key: existing.career_key } });
    });
    return { message: CAREER_MSG.deleted };
  });
};
