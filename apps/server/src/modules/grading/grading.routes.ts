import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GRADE_MSG,
  ROLE,
  SUBJECT_MSG,
  attributeRatingsAnswer,
  attributeRatingsQuery,
  enrolledStudentsQuery,
  finalsAnswer,
  finalsQuery,
  gradeBatchBody,
  gradeBatchResult,
  gradeSheet,
  gradesByUsersAndActivitiesBody,
  idParam,
  isStaff,
  sheetParams,
  sheetStudent,
  storedGrade,
  teacherDashboard,
  teacherDashboardQuery,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { BODY_LIMITS } from '../../plugins/body-limits.js';
import { fieldError, forbidden, notFound, errorResponses } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { findSubjectRow } from '../subjects/index.js';
import { activityOwners } from '../activities/index.js';
import { sheetById, sheetBySubjectGroup, sheetsByIds, listSheetStudents } from '../sheets/index.js';
import { findCells } from './grading.repository.js';
import { saveGradeBatch } from './grading.service.js';
import { loadGradeSheet, sheetAttributeRatings, sheetFinals, teacherDashboardData } from './sheets.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 404, 422);
const writeErrors = { ...readErrors, ...errorResponses(409) };

function enrolledStudentsRoute(app: RouteApp): void {
  app.get(
    '/subjects/:id/enrolled-students',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Alumnos de la hoja de calificaciones de una materia y grupo',
        params: idParam,
        querystring: enrolledStudentsQuery,
        response: { 200: z.array(sheetStudent), ...readErrors },
      },
    },
    async (request) => {
      const { group_id, period_id } = request.query;
      if (!(await findSubjectRow(app.db, request.params.id))) throw notFound(SUBJECT_MSG.notFound);
      if (group_id === undefined) throw fieldError('group_id', GRADE_MSG.groupRequired);
      const sheet = await sheetBySubjectGroup(app.db, actorOf(request), request.params.id, group_id, period_id, 'read');
      return listSheetStudents(app.db, sheet);
    },
  );
}

function gradeSheetRoute(app: RouteApp): void {
  app.get(
    '/grade-sheets/:id',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Hoja de calificaciones de una asignación: alumnos, actividades, calificaciones con versión y finales',
        params: idParam,
        response: { 200: gradeSheet, ...readErrors },
      },
    },
    async (request) => loadGradeSheet(app.db, await sheetById(app.db, actorOf(request), request.params.id, 'read')),
  );
}

function gradesByUsersAndActivitiesRoute(app: RouteApp): void {
  app.post(
    '/useractivities/by-users-and-activities',
    {
      bodyLimit: BODY_LIMITS.ids,
      onRequest: app.guard(),
      schema: {
        tags: ['grades'],
        summary: 'Calificaciones (con versión) de unos alumnos en unas actividades',
        body: gradesByUsersAndActivitiesBody,
        response: { 200: z.array(storedGrade), ...readErrors },
      },
    },
    async (request) => {
      const { user_ids, activity_ids } = request.body;
      const actor = actorOf(request);
      // A student reads only their own grades, of any activity; staff read the sheets they may read.
      if (actor.role === ROLE.STUDENT && user_ids.some((id) => id !== actor.id)) throw forbidden();
      const owners = await activityOwners(app.db, activity_ids);
      if (actor.role !== ROLE.STUDENT)
        await sheetsByIds(
          app.db,
          actor,
          [...owners.values()].map((o) => o.professor_subject_id),
          'read',
        );
      return [...(await findCells(app.db, user_ids, [...owners.keys()])).values()].sort(
        (a, b) => a.user_id - b.user_id || a.activity_id - b.activity_id,
      );
    },
  );
}

function gradeBatchRoute(app: RouteApp): void {
  app.post(
    '/profesor/calificar/actividades/batch',
    {
      bodyLimit: BODY_LIMITS.batch,
      onRequest: app.guard((a) => a.role === ROLE.TEACHER),
      schema: {
        tags: ['grades'],
        summary:
          'Guarda calificaciones en una transacción; las celdas cambiadas desde que se mostraron vuelven como conflicto',
        body: gradeBatchBody,
        response: { 200: gradeBatchResult, ...writeErrors },
      },
    },
    async (request) => {
      return saveGradeBatch(app.db, actorOf(request), request.body.calificaciones, nowIso());
    },
  );
}

function finalsRoute(app: RouteApp): void {
  app.get(
    '/grades/groups/:group/subjects/:subject/finals',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Calificación final de cada alumno de la hoja (as=map: id → final; as=list: calificaciones)',
        params: sheetParams,
        querystring: finalsQuery,
        response: { 200: finalsAnswer, ...readErrors },
      },
    },
    async (request) => {
      const { group, subject } = request.params;
      const sheet = await sheetBySubjectGroup(
        app.db,
        actorOf(request),
        subject,
        group,
        request.query.period_id,
        'read',
      );
      const finals = await sheetFinals(app.db, sheet);
      return request.query.as === 'map'
        ? Object.fromEntries(finals.map((f) => [String(f.user_id), f.final]))
        : { calificaciones: finals };
    },
  );
}

function attributeRatingsRoute(app: RouteApp): void {
  app.get(
    '/userattributes',
    {
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['grades'],
        summary: 'Calificación por atributo de los alumnos de una hoja, o su conteo por nivel (aggregate=conteo)',
        querystring: attributeRatingsQuery,
        response: { 200: attributeRatingsAnswer, ...readErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const sheet = await sheetBySubjectGroup(app.db, actorOf(request), q.subject_id, q.group_id, q.period_id, 'read');
      return sheetAttributeRatings(app.db, sheet, {
        userId: q.user_id,
        attributeId: q.attribute_id,
        counts: q.aggregate === 'conteo',
      });
    },
  );
}

function teacherDashboardRoute(app: RouteApp): void {
  app.get(
    '/profesor/dashboard',
    {
      onRequest: app.guard((a) => a.role === ROLE.TEACHER),
      schema: {
        tags: ['grades'],
        summary: 'Panel del profesor: carreras, tarjetas y actividades pendientes del periodo activo',
        querystring: teacherDashboardQuery,
        response: { 200: teacherDashboard, ...readErrors },
      },
    },
    async (request) => teacherDashboardData(app.db, actorOf(request).id, request.query.career_id),
  );
}

export const gradingRoutes: FastifyPluginAsyncZod = async (app) => {
  enrolledStudentsRoute(app);
  gradeSheetRoute(app);
  gradesByUsersAndActivitiesRoute(app);
  gradeBatchRoute(app);
  finalsRoute(app);
  attributeRatingsRoute(app);
  teacherDashboardRoute(app);
};
