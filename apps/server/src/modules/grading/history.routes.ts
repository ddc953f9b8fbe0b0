import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GRADE_MSG, batchParam, errorResponse, gradeHistoryEntry, gradeHistoryQuery, gradeImport, gradeImportsQuery, isStaff,
  undoImportResult,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { assertCanReadHistory, sheetsByIds } from './access.js';
import { asConflict, cellKey, findCells } from './grading.repository.js';
import { writeGrades } from './grading.service.js';
import { findImportBatch, historyAssignments, latestEntries, listHistory, listImports } from './history.repository.js';

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/grade-history', {
    preHandler: app.guard(isStaff),
    schema: {
      tags: ['grades'], summary: 'Historial de calificaciones de una celda, actividad, asignación o importación (más reciente primero)',
      querystring: gradeHistoryQuery, response: { 200: z.array(gradeHistoryEntry), ...errors },
    },
  }, async (request) => {
    const q = request.query;
    if (q.activity_id === undefined && q.professor_subject_id === undefined && !q.batch_id) {
      throw unprocessable({ activity_id: [GRADE_MSG.historyFilter] }, GRADE_MSG.historyFilter);
    }
    const scope = q.professor_subject_id !== undefined
      ? [q.professor_subject_id]
      : await historyAssignments(app.db, { activityId: q.activity_id, batchId: q.batch_id || undefined });
    await assertCanReadHistory(app.db, actorOf(request), scope);
    if (!scope.length) return [];
    return listHistory(app.db, {
      activityId: q.activity_id, userId: q.user_id, professorSubjectId: q.professor_subject_id, batchId: q.batch_id || undefined, source: q.source,
    });
  });

  app.get('/grade-history/imports', {
    preHandler: app.guard(isStaff),
    schema: {
      tags: ['grades'], summary: 'Importaciones de calificaciones de una asignación, con si ya se deshicieron',
      querystring: gradeImportsQuery, response: { 200: z.array(gradeImport), ...errors },
    },
  }, async (request) => {
    await assertCanReadHistory(app.db, actorOf(request), [request.query.professor_subject_id]);
    return listImports(app.db, request.query.professor_subject_id);
  });

  app.post('/grade-history/imports/:batchId/undo', {
    preHandler: app.guard(isStaff),
    schema: {
      tags: ['grades'],
      summary: 'Deshace una importación mientras el periodo está abierto; las celdas cambiadas después se dejan como están y se informan',
      params: batchParam, response: { 200: undoImportResult, ...errors },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const batchId = request.params.batchId;
    return app.db.transaction().execute(async (trx) => {
      const batch = await findImportBatch(trx, batchId);
      if (!batch.entries.length) throw notFound(GRADE_MSG.batchMissing);
      await sheetsByIds(trx, actor, batch.entries.map((e) => e.professor_subject_id), 'write');
      if (batch.undone) throw conflict(GRADE_MSG.alreadyUndone);
      const users = batch.entries.map((e) => e.user_id);
      const activities = batch.entries.map((e) => e.activity_id);
      const latest = await latestEntries(trx, users, activities);
      const cells = await findCells(trx, users, activities);
      const restore = [];
      const kept = [];
      for (const e of batch.entries) {
        const cell = cells.get(cellKey(e.user_id, e.activity_id));
        if (!cell) continue; // the activity was deleted since: its grades are in the history already
        if (latest.get(cellKey(e.user_id, e.activity_id)) === e.id) restore.push({ entry: e, cell });
        else kept.push(asConflict(cell));
      }
      const info = new Map(batch.entries.map((e) => [e.activity_id, { professor_subject_id: e.professor_subject_id, activity_name: e.activity_name }]));
      const written = await writeGrades(trx, restore.map(({ entry, cell }) => ({
        user_id: entry.user_id, activity_id: entry.activity_id, qualification: entry.before === null ? null : Number(entry.before), version: cell.version,
      })), info, { actorId: actor.id, now: nowIso(), source: 'deshacer importación', batchId });
      await audit(trx, { userId: actor.id, action: 'grades.import.undo', entity: 'grade_history', details: { batch_id: batchId, restored: written.saved.length } });
      kept.push(...written.conflicts);
      return { message: kept.length ? GRADE_MSG.undonePartly : GRADE_MSG.undone, restored: written.saved.length, kept };
    });
  });
};
