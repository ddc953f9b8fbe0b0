import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBJECT_MSG,
  canManageCatalogues,
  idParam,
  okResponse,
  subject,
  subjectAttribute,
  subjectBody,
  subjectListItem,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { errorResponses, notFound } from '../../lib/http-errors.js';
import { deleteUnlessInUse } from '../../db/usage.js';
import { assertSubjectHeld, careerScope } from '../../db/career-scope.js';
import {
  SUBJECT_DEPENDENTS,
  attributesBySubject,
  findSubjectRow,
  listSubjects,
  loadSubjects,
} from './subjects.repository.js';
import { saveSubject } from './subjects.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const writeErrors = errorResponses(401, 403, 404, 409, 422);

/** The subject as the API answers it, or 404 when there is none of that id. */
async function one(app: RouteApp, id: number) {
  const [found] = await loadSubjects(app.db, [id]);
  if (!found) throw notFound(SUBJECT_MSG.notFound);
  return found;
}

function listSubjectsRoute(app: RouteApp): void {
  app.get(
    '/subjects',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['subjects'],
        summary: 'Materias con prerrequisitos, semestres, carreras y atributos',
        response: { 200: z.array(subjectListItem), ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return listSubjects(app.db, canManageCatalogues(actor) ? await careerScope(app.db, actor) : null);
    },
  );
}

function subjectRoute(app: RouteApp): void {
  app.get(
    '/subjects/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['subjects'],
        summary: 'Una materia',
        params: idParam,
        response: { 200: subject, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => one(app, request.params.id),
  );
}

function subjectAttributesRoute(app: RouteApp): void {
  app.get(
    '/subjects/:id/attributes',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['subjects'],
        summary: 'Atributos de una materia con su nivel',
        params: idParam,
        response: { 200: z.array(subjectAttribute), ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findSubjectRow(app.db, id))) throw notFound(SUBJECT_MSG.notFound);
      return (await attributesBySubject(app.db, [id])).get(id) ?? [];
    },
  );
}

function createSubjectRoute(app: RouteApp): void {
  app.post(
    '/subjects',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['subjects'],
        summary: 'Registra una materia',
        body: subjectBody,
        response: { 201: subject, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await app.db.transaction().execute((trx) => saveSubject(trx, actor, request.body, null));
      return reply.code(201).send(await one(app, id));
    },
  );
}

function updateSubjectRoute(app: RouteApp): void {
  app.put(
    '/subjects/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['subjects'],
        summary: 'Actualiza una materia y reemplaza sus relaciones',
        params: idParam,
        body: subjectBody,
        response: { 200: subject, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      if (!(await findSubjectRow(app.db, id))) throw notFound(SUBJECT_MSG.notFound);
      await app.db.transaction().execute((trx) => saveSubject(trx, actor, request.body, id));
      return one(app, id);
    },
  );
}

function deleteSubjectRoute(app: RouteApp): void {
  app.delete(
    '/subjects/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['subjects'],
        summary: 'Elimina una materia sin uso',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const found = await findSubjectRow(app.db, id);
      if (!found) throw notFound(SUBJECT_MSG.notFound);
      await app.db.transaction().execute(async (trx) => {
        await assertSubjectHeld(trx, actor, id);
        await deleteUnlessInUse(trx, 'subjects', id, SUBJECT_DEPENDENTS, 'La materia');
        await auditRow(trx, actor.id, 'subject.delete', 'subjects', id, { subject_key: found.subject_key });
      });
      return { message: SUBJECT_MSG.deleted };
    },
  );
}

export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  listSubjectsRoute(app);
  subjectRoute(app);
  subjectAttributesRoute(app);
  createSubjectRoute(app);
  updateSubjectRoute(app);
  deleteSubjectRoute(app);
};
