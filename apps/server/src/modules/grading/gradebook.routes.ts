import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GRADEBOOK_MSG,
  GRADE_MSG,
  ROLE,
  gradebookChoices,
  gradebookImportFields,
  gradebookImportResult,
  importQuery,
  type GradebookChoices,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { readUpload, uploadsPlugin } from '../../plugins/uploads.js';
import { oneUploadPerUser } from '../../lib/xlsx-pool.js';
import { errorResponses, fieldError, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { sheetBySubjectGroup } from '../sheets/index.js';
import { importGradebook } from './gradebook.service.js';

const importErrors = errorResponses(401, 403, 404, 409, 413, 422, 429, 503);

/** The bytes of the choices field: a mapping of a few hundred columns and the versions of a 60 × 30 sheet. */
const CHOICES_BYTES = 64 * 1024;

/** Names a gradebook export may have: Moodle's .xlsx, .ods (refused in Spanish), .csv or .txt; Classroom's .csv. */
const GRADEBOOK_NAME = /\.(xlsx|xls|ods|csv|txt|tsv)$/i;

function parseChoices(text: string | undefined): GradebookChoices {
  if (!text) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fieldError('choices', GRADEBOOK_MSG.choicesInvalid);
  }
  const parsed = gradebookChoices.safeParse(json);
  if (!parsed.success) {
    const maxIssue = parsed.error.issues.find((i) => i.message === GRADEBOOK_MSG.maxInvalid);
    throw fieldError('choices', maxIssue ? GRADEBOOK_MSG.maxInvalid : GRADEBOOK_MSG.choicesInvalid);
  }
  return parsed.data;
}

export const gradebookRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadsPlugin, { fieldSize: CHOICES_BYTES });

  app.post(
    '/ratings/gradebook',
    {
      onRequest: app.guard((a) => a.role === ROLE.TEACHER),
      schema: {
        tags: ['grades'],
        summary:
          'Importa calificaciones de una exportación de Moodle o Google Classroom (multipart: file, group_id, subject_id, choices); dry_run=1 muestra la vista previa',
        querystring: importQuery,
        consumes: ['multipart/form-data'],
        response: { 200: gradebookImportResult, ...importErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw fieldError('file', GRADEBOOK_MSG.fileRequired);
      const { file, fields } = await readUpload(request);
      if (!file || !GRADEBOOK_NAME.test(file.name)) throw fieldError('file', GRADEBOOK_MSG.fileRequired);
      const parsed = gradebookImportFields.safeParse(fields);
      if (!parsed.success) throw unprocessable({ group_id: [GRADE_MSG.groupRequired] }, GRADE_MSG.groupRequired);
      const { subject_id, group_id, period_id, choices } = parsed.data;
      const chosen = parseChoices(choices);
      const sheet = await sheetBySubjectGroup(app.db, actor, subject_id, group_id, period_id, 'write');
      return oneUploadPerUser(actor.id, () =>
        importGradebook(
          app.db,
          actor,
          sheet,
          { name: file.name, bytes: file.bytes },
          chosen,
          request.query.dry_run === true,
          nowIso(),
        ),
      );
    },
  );
};
