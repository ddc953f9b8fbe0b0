import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RUBRIC_MSG,
  assignScaleBody,
  copyResult,
  copySource,
  copySourcesQuery,
  criterion,
  criterionCreateBody,
  criterionUpdateBody,
  evaluationScale,
  idParam,
  indicator,
  indicatorCreateBody,
  indicatorUpdateBody,
  okResponse,
  rubricCopyBody,
  rubricCreateBody,
  rubricSummary,
  rubricTree,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { notFound, errorResponses } from '../../lib/http-errors.js';
import { sendXlsx, xlsxDownload } from '../../lib/xlsx.js';
import { listCopySources, findRubric, listScales } from './rubrics.repository.js';
import {
  assignScale,
  copyRubric,
  createCriterion,
  createIndicator,
  createRubric,
  deleteCriterionChecked,
  deleteIndicatorChecked,
  getRubricOfAssignment,
  loadRubricTree,
  readableAssignment,
  updateCriterionChecked,
  updateIndicatorChecked,
} from './rubrics.service.js';
import { rubricWorkbook } from './rubric-export.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 404, 422);
const writeErrors = { ...readErrors, ...errorResponses(409) };

export const rubricsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRubric(app);
  registerCopy(app);
  registerExport(app);
  registerCriteria(app);
  registerAssignScale(app);
  registerIndicators(app);
  registerScales(app);
};

/** The rubric of an assignment, and its creation. */
function registerRubric(app: RouteApp): void {
  app.get(
    '/profesor/materia/:id/rubrica',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Rúbrica de una asignación (404 mientras no exista): atributos, criterios, indicadores y escalas',
        params: idParam,
        response: { 200: rubricTree, ...readErrors },
      },
    },
    async (request) => getRubricOfAssignment(app.db, actorOf(request), request.params.id),
  );

  app.post(
    '/rubrics',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Crea la rúbrica de una asignación; si ya existe, la devuelve (200)',
        body: rubricCreateBody,
        response: { 200: rubricSummary, 201: rubricSummary, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { professor_subject_id, rubric_name } = request.body;
      const { created, rubric } = await app.db
        .transaction()
        .execute((trx) => createRubric(trx, actorOf(request), professor_subject_id, rubric_name));
      return reply.code(created ? 201 : 200).send(rubric);
    },
  );
}

/** Copying another assignment's rubric: where from, and the copy. */
function registerCopy(app: RouteApp): void {
  app.get(
    '/rubrics/copy-sources',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Otras asignaciones del profesor de la misma materia con rúbrica, para copiarla',
        querystring: copySourcesQuery,
        response: { 200: z.array(copySource), ...readErrors },
      },
    },
    async (request) => {
      const assignment = await readableAssignment(app.db, actorOf(request), request.query.professor_subject_id);
      return listCopySources(app.db, assignment.user_id, assignment.subject_id, assignment.id);
    },
  );

  app.post(
    '/rubrics/copy',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Reemplaza la rúbrica de una asignación con una copia de la de otra asignación de la misma materia',
        body: rubricCopyBody,
        response: { 200: copyResult, ...writeErrors },
      },
    },
    async (request) => {
      const { from_professor_subject_id: from, to_professor_subject_id: to } = request.body;
      return app.db.transaction().execute((trx) => copyRubric(trx, app.dialect, actorOf(request), from, to));
    },
  );
}

function registerExport(app: RouteApp): void {
  app.get(
    '/rubrics/:id/export',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'La rúbrica en una hoja de cálculo (.xlsx)',
        params: idParam,
        ...xlsxDownload(readErrors),
      },
    },
    async (request, reply) => {
      const rubric = await findRubric(app.db, request.params.id);
      if (!rubric) throw notFound(RUBRIC_MSG.rubricNotFound);
      const assignment = await readableAssignment(app.db, actorOf(request), rubric.professor_subject_id);
      const { buffer, filename } = await rubricWorkbook(
        await loadRubricTree(app.db, rubric, assignment),
        await listScales(app.db),
      );
      return sendXlsx(reply, filename, buffer);
    },
  );
}

/** A criterion: added, edited, deleted. */
function registerCriteria(app: RouteApp): void {
  app.post(
    '/evaluationcriterias',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Agrega un criterio a un atributo de la rúbrica',
        body: criterionCreateBody,
        response: { 201: criterion, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await app.db
        .transaction()
        .execute((trx) => createCriterion(trx, app.dialect, actorOf(request), request.body));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/evaluationcriterias/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Edita nombre y peso de un criterio',
        params: idParam,
        body: criterionUpdateBody,
        response: { 200: criterion, ...writeErrors },
      },
    },
    async (request) =>
      app.db
        .transaction()
        .execute((trx) => updateCriterionChecked(trx, app.dialect, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/evaluationcriterias/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Elimina un criterio con sus indicadores y descripciones',
        params: idParam,
        response: { 200: okResponse, ...writeErrors },
      },
    },
    async (request) => {
      await app.db.transaction().execute((trx) => deleteCriterionChecked(trx, actorOf(request), request.params.id));
      return { message: RUBRIC_MSG.criterionDeleted };
    },
  );
}

function registerAssignScale(app: RouteApp): void {
  app.post(
    '/evaluationcriterias/:id/assign-scale',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Escribe la descripción del criterio para una escala (vacía: vuelve a «Sin descripción»)',
        params: idParam,
        body: assignScaleBody,
        response: { 200: criterion, ...writeErrors },
      },
    },
    async (request) =>
      app.db.transaction().execute((trx) => assignScale(trx, actorOf(request), request.params.id, request.body)),
  );
}

/** An indicator: added, edited, deleted. */
function registerIndicators(app: RouteApp): void {
  app.post(
    '/indicators',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Agrega un indicador a un criterio',
        body: indicatorCreateBody,
        response: { 201: indicator, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await app.db
        .transaction()
        .execute((trx) => createIndicator(trx, app.dialect, actorOf(request), request.body));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/indicators/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Edita descripción y peso de un indicador',
        params: idParam,
        body: indicatorUpdateBody,
        response: { 200: indicator, ...writeErrors },
      },
    },
    async (request) =>
      app.db
        .transaction()
        .execute((trx) => updateIndicatorChecked(trx, app.dialect, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/indicators/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Elimina un indicador',
        params: idParam,
        response: { 200: okResponse, ...writeErrors },
      },
    },
    async (request) => {
      await app.db.transaction().execute((trx) => deleteIndicatorChecked(trx, actorOf(request), request.params.id));
      return { message: RUBRIC_MSG.indicatorDeleted };
    },
  );
}

function registerScales(app: RouteApp): void {
  app.get(
    '/evaluationscales',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['rubrics'],
        summary: 'Escalas de evaluación, de la menor a la mayor',
        response: { 200: z.array(evaluationScale), ...errorResponses(401) },
      },
    },
    async () => listScales(app.db),
  );
}
