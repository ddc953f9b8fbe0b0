import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_MSG,
  ASSIGNMENT_MSG,
  ROLE,
  activitiesQuery,
  activity,
  activityBulkBody,
  activityBulkResult,
  activityDeleteResult,
  canManageCatalogues,
  idParam,
  isStaff,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { BODY_LIMITS } from '../../plugins/body-limits.js';
import { auditRow } from '../../lib/audit.js';
import { fieldError, forbidden, notFound, errorResponses } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { assertCanWrite, sheetByField, sheetById, findSheet } from '../sheets/index.js';
import { careerScope } from '../../db/career-scope.js';
import { findUserRole } from '../assignments/index.js';
import { activityOwners, deleteActivityKeepingGrades, listActivities } from './activities.repository.js';
import { saveActivities } from './activities.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 404, 422);
const writeErrors = { ...readErrors, ...errorResponses(409) };

export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLists(app);
  registerBulkUpsert(app);
  registerDelete(app);
};

/** The activities matching a filter, and those of one teacher. */
function registerLists(app: RouteApp): void {
  app.get(
    '/activities',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['activities'],
        summary: 'Actividades con sus atributos (un profesor: solo las suyas)',
        querystring: activitiesQuery,
        response: { 200: z.array(activity), ...readErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query;
      if (actor.role === ROLE.TEACHER && q.user_id !== undefined && q.user_id !== actor.id) throw forbidden();
      if (q.professor_subject_id !== undefined) await sheetById(app.db, actor, q.professor_subject_id, 'read');
      // A whole institution's activities are never one answer: chiefs and administrators narrow the list.
      if (actor.role !== ROLE.TEACHER && Object.values(q).every((v) => v === undefined))
        throw fieldError('subject_id', ACTIVITY_MSG.filterRequired);
      return listActivities(app.db, {
        userId: actor.role === ROLE.TEACHER ? actor.id : q.user_id,
        subjectId: q.subject_id,
        groupId: q.group_id,
        periodId: q.period_id,
        careerId: q.career_id,
        professorSubjectIds: q.professor_subject_id === undefined ? undefined : [q.professor_subject_id],
        scope: actor.role === ROLE.TEACHER ? undefined : await careerScope(app.db, actor),
      });
    },
  );

  app.get(
    '/activities/by-professor/:id',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['activities'],
        summary: 'Actividades de un profesor (el profesor solo las propias)',
        params: idParam,
        response: { 200: z.array(activity), ...readErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!canManageCatalogues(actor) && request.params.id !== actor.id) throw forbidden();
      if ((await findUserRole(app.db, request.params.id))?.role !== ROLE.TEACHER)
        throw notFound(ASSIGNMENT_MSG.teacherMissing);
      const scope = actor.id === request.params.id ? undefined : await careerScope(app.db, actor);
      return listActivities(app.db, { userId: request.params.id, scope });
    },
  );
}

function registerBulkUpsert(app: RouteApp): void {
  app.post(
    '/activities/bulk-upsert',
    {
      bodyLimit: BODY_LIMITS.batch,
      onRequest: app.guard((a) => a.role === ROLE.TEACHER),
      schema: {
        tags: ['activities'],
        summary: 'Crea o actualiza en una transacción las actividades de una asignación',
        body: activityBulkBody,
        response: { 200: activityBulkResult, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { professor_subject_id, activities } = request.body;
      const sheet = await sheetByField(app.db, actor, professor_subject_id, 'professor_subject_id', 'read');
      assertCanWrite(actor, sheet, ACTIVITY_MSG.periodClosed);
      await app.db.transaction().execute(async (trx) => {
        await saveActivities(trx, sheet, activities, nowIso());
        await auditRow(trx, actor.id, 'activity.bulk', 'professor_subjects', sheet.id);
      });
      return {
        message: ACTIVITY_MSG.saved,
        activities: await listActivities(app.db, { professorSubjectIds: [sheet.id] }),
      };
    },
  );
}

function registerDelete(app: RouteApp): void {
  app.delete(
    '/activities/:id',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['activities'],
        summary: 'Elimina una actividad; sus calificaciones quedan en el historial',
        params: idParam,
        response: { 200: activityDeleteResult, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const found = (await activityOwners(app.db, [request.params.id])).get(request.params.id);
      if (!found) throw notFound(ACTIVITY_MSG.notFound);
      assertCanWrite(actor, (await findSheet(app.db, found.professor_subject_id))!, ACTIVITY_MSG.periodClosed);
      const kept = await app.db.transaction().execute(async (trx) => {
        const n = await deleteActivityKeepingGrades(trx, { id: request.params.id, ...found }, actor.id, nowIso());
        await auditRow(trx, actor.id, 'activity.delete', 'activities', request.params.id, { grades: n });
        return n;
      });
      return { message: ACTIVITY_MSG.deleted, grades_kept_in_history: kept };
    },
  );
}
