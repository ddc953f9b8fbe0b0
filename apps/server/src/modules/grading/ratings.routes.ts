import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  GRADE_MSG, ROLE, errorResponse, xlsxFile, importQuery, isStaff, ratingsFileQuery, ratingsImportFields, ratingsImportResult,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { uploadsPlugin } from '../../plugins/uploads.js';
import { audit } from '../../lib/audit.js';
import { fieldError, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { readFirstSheet, writeWorkbook, XLSX_TYPE } from '../../lib/xlsx.js';
import { listActivities } from '../activities/activities.repository.js';
import { sheetBySubjectGroup } from './access.js';
import { cellKey, findCellValues } from './grading.repository.js';
import { writeGrades } from './grading.service.js';
import { planRatingsImport } from './ratings-import.js';
import { listSheetStudents } from './sheets.repository.js';
import { sheetFinals } from './sheets.service.js';

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 422: errorResponse };

/** The uploaded file and the form's other fields, whatever their order in the form. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', GRADE_MSG.fileRequired);
  let file: { name: string; bytes: Buffer } | null = null;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') file = { name: part.filename, bytes: await part.toBuffer() };
    else fields[part.fieldname] = part.value;
  }
  if (!file || !/\.xlsx?$/i.test(file.name)) throw fieldError('file', GRADE_MSG.fileRequired);
  return { file, fields };
}

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadsPlugin);

  app.get('/ratings/template', {
    preHandler: app.guard(isStaff),
    schema: { tags: ['grades'], summary: 'Plantilla .xlsx (template.xlsx): Matrícula · Nombre · una columna por actividad', querystring: ratingsFileQuery, produces: [XLSX_TYPE, 'application/json'], response: { 200: xlsxFile, ...errors } },
  }, async (request, reply) => {
    const q = request.query;
    const sheet = await sheetBySubjectGroup(app.db, actorOf(request), q.subject_id, q.group_id, q.period_id, 'read');
    const [students, activities] = [await listSheetStudents(app.db, sheet), await listActivities(app.db, { professorSubjectIds: [sheet.id] })];
    const file = await writeWorkbook('Calificaciones', ['Matrícula', 'Nombre', ...activities.map((a) => a.activity_name)],
      students.map((s) => [s.controlnumber, s.full_name, ...activities.map(() => null)]));
    return reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="template.xlsx"').send(file);
  });

  app.get('/ratings/export', {
    preHandler: app.guard(isStaff),
    schema: { tags: ['grades'], summary: 'Calificaciones .xlsx (grades.xlsx): Matrícula · Nombre · actividades · Final', querystring: ratingsFileQuery, produces: [XLSX_TYPE, 'application/json'], response: { 200: xlsxFile, ...errors } },
  }, async (request, reply) => {
    const q = request.query;
    const sheet = await sheetBySubjectGroup(app.db, actorOf(request), q.subject_id, q.group_id, q.period_id, 'read');
    const students = await listSheetStudents(app.db, sheet);
    const activities = await listActivities(app.db, { professorSubjectIds: [sheet.id] });
    const cells = await findCellValues(app.db, students.map((s) => s.id), activities.map((a) => a.id));
    const finals = new Map((await sheetFinals(app.db, sheet, students)).map((f) => [f.user_id, f.final]));
    const rows = students
      .map((s) => [s.controlnumber, s.full_name, ...activities.map((a) => cells.get(cellKey(s.id, a.id))?.qualification ?? null), finals.get(s.id) ?? null])
      .filter((r) => q.include_nulls !== false || r.slice(2).some((v) => v !== null));
    const file = await writeWorkbook('Calificaciones', ['Matrícula', 'Nombre', ...activities.map((a) => a.activity_name), 'Final'], rows);
    return reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="grades.xlsx"').send(file);
  });

  app.post('/ratings/import', {
    preHandler: app.guard((a) => a.role === ROLE.TEACHER),
    schema: {
      tags: ['grades'], summary: 'Importa calificaciones de un .xlsx (multipart: file, group_id, subject_id); dry_run=1 solo muestra los cambios',
      querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: ratingsImportResult, ...errors },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const dryRun = request.query.dry_run === true;
    const { file, fields } = await readUpload(request);
    const parsed = ratingsImportFields.safeParse(fields);
    if (!parsed.success) throw unprocessable({ group_id: [GRADE_MSG.groupRequired] }, GRADE_MSG.groupRequired);
    const { subject_id, group_id, period_id } = parsed.data;
    const sheet = await sheetBySubjectGroup(app.db, actor, subject_id, group_id, period_id, 'write');
    const rows = await readFirstSheet(file.bytes);
    if (!rows) throw fieldError('file', GRADE_MSG.badFile);
    const students = await listSheetStudents(app.db, sheet);
    const activities = await listActivities(app.db, { professorSubjectIds: [sheet.id] });
    const current = await findCellValues(app.db, students.map((s) => s.id), activities.map((a) => a.id));
    const plan = planRatingsImport(rows, students, activities, current);
    if (!plan) throw fieldError('file', GRADE_MSG.noHeader);
    const message = dryRun ? GRADE_MSG.importPreview : plan.errors.length ? GRADE_MSG.importWarnings : GRADE_MSG.importDone;
    if (dryRun || !plan.changes.length) return { message, dry_run: dryRun, ...plan, batch_id: null };
    const batchId = randomUUID();
    const info = new Map(activities.map((a) => [a.id, { professor_subject_id: sheet.id, activity_name: a.activity_name }]));
    await app.db.transaction().execute(async (trx) => {
      await writeGrades(trx, plan.changes.map((c) => ({ user_id: c.user_id, activity_id: c.activity_id, qualification: c.after })), info,
        { actorId: actor.id, now: nowIso(), source: 'importación', batchId });
      await audit(trx, { userId: actor.id, action: 'grades.import', entity: 'professor_subjects', entityId: sheet.id, details: { batch_id: batchId, cells: plan.changes.length } });
    });
    return { message, dry_run: false, ...plan, batch_id: batchId };
  });
};
