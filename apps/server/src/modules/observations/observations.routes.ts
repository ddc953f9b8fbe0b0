import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OBSERVATION_MSG,
  ROLE,
  canManageCatalogues,
  observationBatchBody,
  observationBatchResult,
  observationEntry,
  observationHistoryQuery,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { BODY_LIMITS } from '../../plugins/body-limits.js';
import { forbidden, errorResponses } from '../../lib/http-errors.js';
import { assertPersonInScope } from '../../db/career-scope.js';
import { nowIso } from '../../lib/time.js';
import { listObservations, teacherSheetsOfStudents } from './observations.repository.js';
import { saveObservations } from './observations.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const errors = errorResponses(401, 403, 422);

export const observationsRoutes: FastifyPluginAsyncZod = async (app) => {
  postUserattributeObservationsBatchRoute(app);
  getUserattributeObservationsHistoryRoute(app);
};

function postUserattributeObservationsBatchRoute(app: RouteApp): void {
  app.post(
    '/userattribute-observations/batch',
    {
      bodyLimit: BODY_LIMITS.large,
      onRequest: app.guard((a) => a.role === ROLE.TEACHER),
      schema: {
        tags: ['observations'],
        summary: 'Registra observaciones por atributo (a nombre del profesor en sesión); las vacías se omiten',
        body: observationBatchBody,
        response: { 200: observationBatchResult, ...errors },
      },
    },
    async (request) => {
      const saved = await saveObservations(app.db, actorOf(request), request.body.observaciones, nowIso());
      return { message: OBSERVATION_MSG.saved, saved };
    },
  );
}

function getUserattributeObservationsHistoryRoute(app: RouteApp): void {
  app.get(
    '/userattribute-observations/history',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['observations'],
        summary: 'Observaciones de un alumno en una materia (y atributo), más recientes primero',
        querystring: observationHistoryQuery,
        response: { 200: z.array(observationEntry), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query;
      // A student reads their own; a teacher the students of their sheets in that subject; chiefs and administrators all.
      const allowed =
        canManageCatalogues(actor) ||
        (actor.role === ROLE.STUDENT && actor.id === q.user_id) ||
        (actor.role === ROLE.TEACHER &&
          (await teacherSheetsOfStudents(app.db, actor.id, [q.subject_id], [q.user_id])).size > 0);
      if (!allowed) throw forbidden();
      if (canManageCatalogues(actor)) await assertPersonInScope(app.db, actor, q.user_id);
      return listObservations(app.db, {
        userId: q.user_id,
        subjectId: q.subject_id,
        attributeId: q.attribute_id,
        periodId: q.period_id,
        activityId: q.activity_id,
      });
    },
  );
}
