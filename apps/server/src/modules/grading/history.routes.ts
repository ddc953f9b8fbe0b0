import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GRADE_MSG,
  batchParam,
  gradeHistoryEntry,
  gradeHistoryQuery,
  gradeImport,
  gradeImportsQuery,
  idParam,
  isStaff,
  restoreGradeBody,
  restoreGradeResult,
  undoImportResult,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { unprocessable, errorResponses } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { assertCanReadHistory } from '../sheets/index.js';
import { restoreGrade, undoImport } from './grading.service.js';
import { historyAssignments, listHistory, listImports } from './history.repository.js';
import type { RouteApp } from '../../lib/route-app.js';

const errors = errorResponses(401, 403, 404, 409, 422);

function gradeHistoryRoute(app: RouteApp): void {
  app.get(
    '/grade-history',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Historial de calificaciones de una celda, actividad, asignación o importación (más reciente primero)',
        querystring: gradeHistoryQuery,
        response: { 200: z.array(gradeHistoryEntry), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.activity_id === undefined && q.professor_subject_id === undefined && !q.batch_id) {
        throw unprocessable({ activity_id: [GRADE_MSG.historyFilter] }, GRADE_MSG.historyFilter);
      }
      const scope =
        q.professor_subject_id !== undefined
          ? [q.professor_subject_id]
          : await historyAssignments(app.db, { activityId: q.activity_id, batchId: q.batch_id || undefined });
      await assertCanReadHistory(app.db, actorOf(request), scope);
      if (!scope.length) return [];
      return listHistory(app.db, {
        activityId: q.activity_id,
        userId: q.user_id,
        professorSubjectId: q.professor_subject_id,
        batchId: q.batch_id || undefined,
        source: q.source,
      });
    },
  );
}

function gradeImportsRoute(app: RouteApp): void {
  app.get(
    '/grade-history/imports',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Importaciones de calificaciones de una asignación, con si ya se deshicieron',
        querystring: gradeImportsQuery,
        response: { 200: z.array(gradeImport), ...errors },
      },
    },
    async (request) => {
      await assertCanReadHistory(app.db, actorOf(request), [request.query.professor_subject_id]);
      return listImports(app.db, request.query.professor_subject_id);
    },
  );
}

function undoImportRoute(app: RouteApp): void {
  app.post(
    '/grade-history/imports/:batchId/undo',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary:
          'Deshace una importación mientras el periodo está abierto; las celdas cambiadas después se dejan como están y se informan',
        params: batchParam,
        response: { 200: undoImportResult, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return app.db.transaction().execute((trx) => undoImport(trx, actor, request.params.batchId, nowIso()));
    },
  );
}

function restoreGradeRoute(app: RouteApp): void {
  app.post(
    '/grade-history/:id/restore',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary:
          'Restaura el valor de un cambio del historial (el que puso, o con value=before el que reemplazó) como una captura: con la versión que vio la hoja',
        params: idParam,
        body: restoreGradeBody,
        response: { 200: restoreGradeResult, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return app.db.transaction().execute((trx) => restoreGrade(trx, actor, request.params.id, request.body, nowIso()));
    },
  );
}

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  gradeHistoryRoute(app);
  gradeImportsRoute(app);
  undoImportRoute(app);
  restoreGradeRoute(app);
};
