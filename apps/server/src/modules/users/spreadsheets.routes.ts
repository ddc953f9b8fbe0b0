import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GENDER_LABEL,
  PEOPLE_MSG,
  ROLE,
  STUDENT_STATUS_LABEL,
  canManageCatalogues,
  importPreview,
  peopleImportQuery,
  importResult,
  studentsExportQuery,
} from '@egreso/domain';
import { unprocessable, errorResponses } from '../../lib/http-errors.js';
import { actorOf } from '../../plugins/auth.js';
import { readUpload, uploadsPlugin } from '../../plugins/uploads.js';
import { oneUploadPerUser } from '../../lib/xlsx-pool.js';
import { applyImport, planImport, previewImport, type PeopleKind } from './import.service.js';
import { careersOfNewPerson, listAllUsers } from './users.service.js';
import { NO_PASSWORD_YET, issueOneTimePassword } from '../../lib/passwords.js';
import { deliver, prepareActivation } from '../auth/index.js';
import { careerScope } from '../../db/career-scope.js';
import { sendXlsx, xlsxDownload } from '../../lib/xlsx.js';
import { STUDENT_COLUMNS, TEACHER_COLUMNS, buildTemplate, buildWorkbook, readSheet } from './workbook.js';
import type { RouteApp } from '../../lib/route-app.js';

const fileErrors = errorResponses(401, 403, 413, 422, 429, 503);
const EXPORT_NAME: Record<string, string> = { 0: 'bajas', 1: 'activos', 2: 'graduados', all: 'todos' };
const columnsOf = (kind: PeopleKind) => (kind === 'teachers' ? TEACHER_COLUMNS : STUDENT_COLUMNS);
const sheetNameOf = (kind: PeopleKind) => (kind === 'teachers' ? 'Profesores' : 'Alumnos');

/** The uploaded file of a multipart request ('file' field), as bytes; over 5 MiB the multipart limit answers 413. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const refuse = () => unprocessable({ file: [PEOPLE_MSG.fileRequired] }, PEOPLE_MSG.fileRequired);
  if (!request.isMultipart()) throw refuse();
  const { file } = await readUpload(request);
  if (!file || file.bytes.length === 0) throw refuse();
  return file.bytes;
}

/** Teachers' and students' templates, exports and imports (DESIGN §6). */
export const spreadsheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadsPlugin);
  for (const kind of ['teachers', 'students'] as const) {
    registerTemplate(app, kind);
    registerImport(app, kind);
    registerImportErrors(app, kind);
  }
  registerTeachersExport(app);
  registerStudentsExport(app);
};

/** The empty spreadsheet of `kind`, with its headers and drop-down lists. */
function registerTemplate(app: RouteApp, kind: PeopleKind): void {
  const columns = columnsOf(kind);
  const headers = columns.map((c) => c.header).join(' · ');
  app.get(
    `/${kind}/template`,
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['spreadsheets'],
        summary: `Plantilla .xlsx (${headers})`,
        ...xlsxDownload(errorResponses(401, 403)),
      },
    },
    async (_request, reply) =>
      sendXlsx(
        reply,
        `plantilla_${kind === 'teachers' ? 'profesores' : 'alumnos'}.xlsx`,
        await buildTemplate(sheetNameOf(kind), columns),
      ),
  );
}

/** An import of `kind`: with dry_run only what would change, otherwise the people written (and mailed, with mail). */
function registerImport(app: RouteApp, kind: PeopleKind): void {
  const columns = columnsOf(kind);
  app.post(
    `/${kind}/import`,
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['spreadsheets'],
        consumes: ['multipart/form-data'],
        querystring: peopleImportQuery,
        summary: 'Importa un .xlsx (campo file). Con dry_run=1 solo muestra qué cambiaría (rows) y no escribe nada',
        response: { 200: importPreview.or(importResult), ...fileErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const careers = await careersOfNewPerson(app.db, actor, request.query.career_id);
      const file = await uploadedFile(request);
      return oneUploadPerUser(actor.id, async () => {
        const rows = await readSheet(file, columns);
        const scope = await careerScope(app.db, actor);
        if (request.query.dry_run) return previewImport(app.db, kind, rows, scope);
        const mail = app.mail;
        if (mail) {
          // With mail, each new person gets an activation link instead of a password anyone else could read.
          const { answer, outgoing } = await app.db.transaction().execute(async (trx) => {
            const {
              created,
              credentials: _none,
              ...result
            } = await applyImport(trx, actor.id, kind, rows, scope, careers, () => ({
              password: '',
              hash: NO_PASSWORD_YET,
            }));
            return { answer: result, outgoing: await prepareActivation(trx, mail, app.institution, created, 'new') };
          });
          return { ...answer, mail: await deliver(mail, outgoing) };
        }
        const { created: _ids, ...result } = await app.db
          .transaction()
          .execute((trx) =>
            applyImport(trx, actor.id, kind, rows, scope, careers, () => issueOneTimePassword(app.initialPasswordDays)),
          );
        return result;
      });
    },
  );
}

/** The rows of an uploaded file of `kind` that would fail, with an Error column, to correct and import again. */
function registerImportErrors(app: RouteApp, kind: PeopleKind): void {
  const columns = columnsOf(kind);
  app.post(
    `/${kind}/import/errors`,
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['spreadsheets'],
        consumes: ['multipart/form-data'],
        summary:
          'Devuelve las filas con error del archivo enviado, con una columna Error, para corregirlas y reimportarlas',
        ...xlsxDownload(fileErrors),
      },
    },
    async (request, reply) => {
      const file = await uploadedFile(request);
      const actor = actorOf(request);
      const rows = await oneUploadPerUser(actor.id, () => readSheet(file, columns));
      const plans = await planImport(app.db, kind, rows, await careerScope(app.db, actor));
      const byRow = new Map(rows.map((r) => [r.row, r.cells]));
      const failed = plans.filter((p) => p.error).map((p) => ({ ...byRow.get(p.row), error: p.error }));
      const body = await buildWorkbook(
        sheetNameOf(kind),
        [...columns, { key: 'error', header: 'Error', width: 60 }],
        failed,
      );
      return sendXlsx(reply, `errores_${kind === 'teachers' ? 'profesores' : 'alumnos'}.xlsx`, body);
    },
  );
}

function registerTeachersExport(app: RouteApp): void {
  app.get(
    '/teachers/export',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['spreadsheets'],
        summary: 'Profesores en .xlsx, por nombre',
        ...xlsxDownload(errorResponses(401, 403)),
      },
    },
    async (request, reply) => {
      const teachers = await listAllUsers(app.db, actorOf(request), { role: ROLE.TEACHER });
      const rows = teachers.map((t) => ({
        full_name: t.full_name,
        controlnumber: t.controlnumber,
        email: t.email,
        gender: t.gender ? (GENDER_LABEL[t.gender] ?? null) : null,
      }));
      return sendXlsx(reply, 'profesores.xlsx', await buildWorkbook('Profesores', TEACHER_COLUMNS, rows));
    },
  );
}

function registerStudentsExport(app: RouteApp): void {
  app.get(
    '/students/export',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['spreadsheets'],
        querystring: studentsExportQuery,
        summary:
          'Alumnos en .xlsx por estatus (alumnos_activos|bajas|graduados|todos.xlsx); assign_generation=1 llena Generación',
        ...xlsxDownload(errorResponses(401, 403, 422)),
      },
    },
    async (request, reply) => {
      const { active, assign_generation } = request.query;
      const status = active === 'all' ? undefined : active;
      const students = await listAllUsers(app.db, actorOf(request), {
        role: ROLE.STUDENT,
        active: status,
        include_generation: true,
      });
      const rows = students.map((s) => ({
        full_name: s.full_name,
        controlnumber: s.controlnumber,
        email: s.email,
        gender: s.gender ? (GENDER_LABEL[s.gender] ?? null) : null,
        group: s.groups.map((g) => g.group_name).join(', '),
        generation: assign_generation ? (s.latest_generation?.generation_name ?? null) : null,
        status: s.latest_generation ? (STUDENT_STATUS_LABEL[s.latest_generation.active] ?? null) : null,
      }));
      return sendXlsx(
        reply,
        `alumnos_${EXPORT_NAME[String(status ?? 'all')]}.xlsx`,
        await buildWorkbook('Alumnos', STUDENT_COLUMNS, rows),
      );
    },
  );
}
