import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPROVEMENT_MSG,
  PERFORMANCE_MSG,
  canManageCatalogues,
  idParam,
  improvementAction,
  improvementActionBody,
  improvementActionUpdateBody,
  improvementActionsQuery,
  improvementFollowupBody,
  improvementMeasureAnswer,
  improvementMeasureQuery,
  isStaff,
  okResponse,
  performanceAnswer,
  performanceQuery,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../lib/http-errors.js';
import { sendXlsx, xlsxDownload } from '../../lib/xlsx.js';
import { BODY_LIMITS } from '../../plugins/body-limits.js';
import { buildPerformance, buildPerformanceWorkbook } from './performance.service.js';
import {
  addImprovementFollowup,
  buildImprovementWorkbook,
  checkCareer,
  createImprovementAction,
  deleteImprovementAction,
  listImprovementActions,
  measureImprovementAction,
  readImprovementAction,
  updateImprovementAction,
} from './improvement.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const errors = errorResponses(401, 403, 404, 422);

function listActionsRoute(app: RouteApp): void {
  app.get(
    '/reportes/acciones-mejora',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['reports'],
        summary: 'Acciones de mejora con su hallazgo, resultado esperado y medido (CACEI 4.4)',
        querystring: improvementActionsQuery,
        response: { 200: z.array(improvementAction), ...errors },
      },
    },
    async (request) => listImprovementActions(app.db, actorOf(request), request.query),
  );
}

function exportActionsRoute(app: RouteApp): void {
  app.get(
    '/reportes/acciones-mejora/export',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Acciones de mejora en Excel (.xlsx)',
        querystring: improvementActionsQuery,
        ...xlsxDownload(errors),
      },
    },
    async (request, reply) => {
      const { fileName, buffer } = await buildImprovementWorkbook(app.db, actorOf(request), request.query);
      return sendXlsx(reply, fileName, buffer);
    },
  );
}

function createActionRoute(app: RouteApp): void {
  app.post(
    '/reportes/acciones-mejora',
    {
      bodyLimit: BODY_LIMITS.texts,
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Registra una acción de mejora; el hallazgo se mide de la evidencia',
        body: improvementActionBody,
        response: { 201: improvementAction, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await app.db.transaction().execute((trx) => createImprovementAction(trx, actor, request.body));
      return reply.code(201).send(await readImprovementAction(app.db, actor, id));
    },
  );
}

function updateActionRoute(app: RouteApp): void {
  app.put(
    '/reportes/acciones-mejora/:id',
    {
      bodyLimit: BODY_LIMITS.texts,
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Edita una acción de mejora o confirma su dictamen con una nota',
        params: idParam,
        body: improvementActionUpdateBody,
        response: { 200: improvementAction, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await app.db.transaction().execute((trx) => updateImprovementAction(trx, actor, request.params.id, request.body));
      return readImprovementAction(app.db, actor, request.params.id);
    },
  );
}

function measureActionRoute(app: RouteApp): void {
  app.get(
    '/reportes/acciones-mejora/:id/medicion',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Resultado medido y dictamen propuesto de una acción de mejora si se aplicara en otro periodo',
        params: idParam,
        querystring: improvementMeasureQuery,
        response: { 200: improvementMeasureAnswer, ...errors },
      },
    },
    async (request) => measureImprovementAction(app.db, actorOf(request), request.params.id, request.query),
  );
}

function deleteActionRoute(app: RouteApp): void {
  app.delete(
    '/reportes/acciones-mejora/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Elimina una acción de mejora y su seguimiento',
        params: idParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await app.db.transaction().execute((trx) => deleteImprovementAction(trx, actor, request.params.id));
      return { message: IMPROVEMENT_MSG.deleted };
    },
  );
}

function addFollowupRoute(app: RouteApp): void {
  app.post(
    '/reportes/acciones-mejora/:id/seguimientos',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['reports'],
        summary: 'Registra lo que se hizo (un profesor de sus materias, o el jefe de la carrera)',
        params: idParam,
        body: improvementFollowupBody,
        response: { 201: improvementAction, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await app.db.transaction().execute((trx) => addImprovementFollowup(trx, actor, request.params.id, request.body));
      return reply.code(201).send(await readImprovementAction(app.db, actor, request.params.id));
    },
  );
}

function performanceRoute(app: RouteApp): void {
  app.get(
    '/reportes/rendimiento',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Índices de rendimiento escolar de una generación por periodo (CACEI 4.3)',
        querystring: performanceQuery,
        response: { 200: performanceAnswer, ...errors },
      },
    },
    async (request) => {
      const { career_id, generation_id } = request.query;
      await checkCareer(app.db, actorOf(request), career_id, PERFORMANCE_MSG.notYourCareer);
      return buildPerformance(app.db, { careerId: career_id, generationId: generation_id }, app.institution);
    },
  );
}

function exportPerformanceRoute(app: RouteApp): void {
  app.get(
    '/reportes/rendimiento/export',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Índices de rendimiento escolar en Excel (.xlsx)',
        querystring: performanceQuery,
        ...xlsxDownload(errors),
      },
    },
    async (request, reply) => {
      const { career_id, generation_id } = request.query;
      await checkCareer(app.db, actorOf(request), career_id, PERFORMANCE_MSG.notYourCareer);
      const { fileName, buffer } = await buildPerformanceWorkbook(
        await buildPerformance(app.db, { careerId: career_id, generationId: generation_id }, app.institution),
      );
      return sendXlsx(reply, fileName, buffer);
    },
  );
}

/**
 * Improvement actions (CACEI 4.4): chiefs on their careers and administrators write them; teachers of their subjects
 * follow them up. School performance indices (CACEI 4.3) of a cohort.
 */
export const improvementRoutes: FastifyPluginAsyncZod = async (app) => {
  listActionsRoute(app);
  exportActionsRoute(app);
  createActionRoute(app);
  updateActionRoute(app);
  measureActionRoute(app);
  deleteActionRoute(app);
  addFollowupRoute(app);
  performanceRoute(app);
  exportPerformanceRoute(app);
};
