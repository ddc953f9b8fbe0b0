import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  GRADE_MSG,
  ROLE,
  importQuery,
  isStaff,
  ratingsFileQuery,
  ratingsImportFields,
  ratingsImportResult,
  type Actor,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { readUpload as readForm, uploadsPlugin } from '../../plugins/uploads.js';
import { oneUploadPerUser } from '../../lib/xlsx-pool.js';
import { errorResponses, fieldError, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { sendXlsx, xlsxDownload } from '../../lib/xlsx.js';
import { sheetBySubjectGroup } from '../sheets/index.js';
import { importRatings, sheetWorkbook } from './ratings.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const errors = errorResponses(401, 403, 404, 409, 413, 422);
const importErrors = errorResponses(401, 403, 404, 409, 413, 422, 429, 503);

/** The uploaded file and the form's other fields, whatever their order in the form. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', GRADE_MSG.fileRequired);
  const { file, fields } = await readForm(request);
  if (!file || !/\.xlsx?$/i.test(file.name)) throw fieldError('file', GRADE_MSG.fileRequired);
  return { file, fields };
}

/** The grade sheet a download names (subject, group and period), once the actor may read it. */
const sheetToRead = (app: RouteApp, actor: Actor, q: { subject_id: number; group_id: number; period_id?: number }) =>
  sheetBySubjectGroup(app.db, actor, q.subject_id, q.group_id, q.period_id, 'read');

function ratingsTemplateRoute(app: RouteApp): void {
  app.get(
    '/ratings/template',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Plantilla .xlsx (template.xlsx): Matrícula · Nombre · una columna por actividad',
        querystring: ratingsFileQuery,
        ...xlsxDownload(errors),
      },
    },
    async (request, reply) => {
      const file = await sheetWorkbook(app.db, await sheetToRead(app, actorOf(request), request.query), 'template');
      return sendXlsx(reply, 'template.xlsx', file);
    },
  );
}

function ratingsExportRoute(app: RouteApp): void {
  app.get(
    '/ratings/export',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Calificaciones .xlsx (grades.xlsx): Matrícula · Nombre · actividades · Final',
        querystring: ratingsFileQuery,
        ...xlsxDownload(errors),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const file = await sheetWorkbook(
        app.db,
        await sheetToRead(app, actorOf(request), q),
        'export',
        q.include_nulls !== false,
      );
      return sendXlsx(reply, 'grades.xlsx', file);
    },
  );
}

function ratingsImportRoute(app: RouteApp): void {
  app.post(
    '/ratings/import',
    {
      onRequest: app.guard((a) => a.role === ROLE.TEACHER),
      schema: {
        tags: ['grades'],
        summary:
          'Importa calificaciones de un .xlsx (multipart: file, group_id, subject_id); dry_run=1 solo muestra los cambios',
        querystring: importQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ratingsImportResult, ...importErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { file, fields } = await readUpload(request);
      const parsed = ratingsImportFields.safeParse(fields);
      if (!parsed.success) throw unprocessable({ group_id: [GRADE_MSG.groupRequired] }, GRADE_MSG.groupRequired);
      const { subject_id, group_id, period_id } = parsed.data;
      const sheet = await sheetBySubjectGroup(app.db, actor, subject_id, group_id, period_id, 'write');
      return oneUploadPerUser(actor.id, () =>
        importRatings(app.db, actor, sheet, file.bytes, request.query.dry_run === true, nowIso()),
      );
    },
  );
}

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadsPlugin);

  ratingsTemplateRoute(app);
  ratingsExportRoute(app);
  ratingsImportRoute(app);
};
