import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENROLMENT_MSG,
  attributeProfile as attributeProfileSchema,
  availableQuery,
  availableSubject,
  enrolBody,
  enrolResult,
  enrolledSubject,
  globalReport as globalReportSchema,
  studentAttributeRating,
  studentDashboard as studentDashboardSchema,
  studentGroup,
  studentQuery,
  studentSemesterQuery,
  studentSubject,
  subjectFilterQuery,
  userIdPathParam,
  type Actor,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { nowIso } from '../../lib/time.js';
import { sendXlsx, xlsxDownload } from '../../lib/xlsx.js';
import type { DbOrTrx } from '../../db/types.js';
import { errorResponses } from '../../lib/http-errors.js';
import { findActivePeriod, listEnrolments, listStudentGroups } from './enrolment.repository.js';
import { assertCanReadStudent, assertIsStudent, availableSubjects, enrol } from './enrolment.service.js';
import { listStudentAttributeRatings, listStudentSubjects } from './records.repository.js';
import { attributeProfile, globalReport, studentDashboard, studentDataWorkbook } from './records.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 404, 422);
const writeErrors = errorResponses(401, 403, 404, 409, 422);

/** Loads one student's data once the actor may read that student (the student, their teachers, staff in scope). */
async function ofReadableStudent<T>(
  app: RouteApp,
  actor: Actor,
  userId: number,
  load: (db: DbOrTrx, userId: number) => Promise<T>,
) {
  await assertCanReadStudent(app.db, actor, userId);
  return load(app.db, userId);
}

function enrolledSubjectsRoute(app: RouteApp): void {
  app.get(
    '/alumno/materias-inscritas',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Materias en que el alumno está inscrito en el periodo activo (de un semestre, si se indica)',
        querystring: studentSemesterQuery,
        response: { 200: z.array(enrolledSubject), ...readErrors },
      },
    },
    async (request) => {
      const { user_id, semester_id } = request.query;
      await assertCanReadStudent(app.db, actorOf(request), user_id);
      const period = await findActivePeriod(app.db);
      return period ? listEnrolments(app.db, user_id, period.id, semester_id) : [];
    },
  );
}

function availableSubjectsRoute(app: RouteApp): void {
  app.get(
    '/alumno/materias-disponibles',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Materias del semestre con su estado: inscrita, bloqueada (con motivo_bloqueo) o seleccionable',
        querystring: availableQuery,
        response: { 200: z.array(availableSubject), ...readErrors },
      },
    },
    async (request) => {
      const { user_id, semester_id, group_id } = request.query;
      await assertCanReadStudent(app.db, actorOf(request), user_id);
      return availableSubjects(app.db, user_id, semester_id, group_id);
    },
  );
}

function studentGroupsRoute(app: RouteApp): void {
  app.get(
    '/alumno/grupos',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Grupos del alumno',
        querystring: studentQuery,
        response: { 200: z.array(studentGroup), ...readErrors },
      },
    },
    async (request) => {
      await assertCanReadStudent(app.db, actorOf(request), request.query.user_id);
      return listStudentGroups(app.db, request.query.user_id);
    },
  );
}

function enrolRoute(app: RouteApp): void {
  app.post(
    '/alumno/inscribir',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Inscribe al alumno en una materia del periodo activo (409 si ya está inscrito o está bloqueada)',
        body: enrolBody,
        response: { 201: enrolResult, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      assertIsStudent(actor, request.body.user_id);
      const enrolment = await app.db.transaction().execute((trx) => enrol(trx, actor, request.body, nowIso()));
      return reply.code(201).send({ message: ENROLMENT_MSG.saved, enrolment });
    },
  );
}

function studentSubjectsRoute(app: RouteApp): void {
  app.get(
    '/subjects/user/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Materias del alumno (todas en las que se ha inscrito) con las actividades de sus hojas',
        params: userIdPathParam,
        response: { 200: z.array(studentSubject), ...readErrors },
      },
    },
    async (request) => ofReadableStudent(app, actorOf(request), request.params.id, listStudentSubjects),
  );
}

function studentAttributeRatingsRoute(app: RouteApp): void {
  app.get(
    '/userattributes/by-user/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary:
          'Calificación del alumno en cada atributo de una materia (o de todas sus materias), en orden alfabético',
        params: userIdPathParam,
        querystring: subjectFilterQuery,
        response: { 200: z.array(studentAttributeRating), ...readErrors },
      },
    },
    async (request) => {
      await assertCanReadStudent(app.db, actorOf(request), request.params.id);
      return listStudentAttributeRatings(app.db, request.params.id, request.query.subject_id);
    },
  );
}

function globalReportRoute(app: RouteApp): void {
  app.get(
    '/reportes/alumno/:id/global',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Promedio global del alumno por atributo (media de sus calificaciones por materia)',
        params: userIdPathParam,
        response: { 200: globalReportSchema, ...readErrors },
      },
    },
    async (request) => ofReadableStudent(app, actorOf(request), request.params.id, globalReport),
  );
}

function studentDashboardRoute(app: RouteApp): void {
  app.get(
    '/alumno/:id/tablero',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary: 'Tablero del alumno: contadores, promedios por atributo y sus actividades, calificadas y pendientes',
        params: userIdPathParam,
        response: { 200: studentDashboardSchema, ...readErrors },
      },
    },
    async (request) => ofReadableStudent(app, actorOf(request), request.params.id, studentDashboard),
  );
}

function attributeProfileRoute(app: RouteApp): void {
  app.get(
    '/alumno/:id/perfil-atributos',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary:
          'Perfil de atributos: calificación por materia, promedio global y las calificaciones de las que resulta',
        params: userIdPathParam,
        response: { 200: attributeProfileSchema, ...readErrors },
      },
    },
    async (request) => ofReadableStudent(app, actorOf(request), request.params.id, attributeProfile),
  );
}

function studentDataRoute(app: RouteApp): void {
  app.get(
    '/alumno/:id/datos',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['student'],
        summary:
          'Descarga de todos los datos del alumno (.xlsx: perfil, inscripciones, calificaciones, atributos, observaciones, sesiones)',
        params: userIdPathParam,
        ...xlsxDownload(readErrors),
      },
    },
    async (request, reply) => {
      const file = await ofReadableStudent(app, actorOf(request), request.params.id, studentDataWorkbook);
      return sendXlsx(reply, 'mis-datos.xlsx', file);
    },
  );
}

/** The student's area: enrolment, their subjects, grades, attribute ratings, reports and the download of their data. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  enrolledSubjectsRoute(app);
  availableSubjectsRoute(app);
  studentGroupsRoute(app);
  enrolRoute(app);
  studentSubjectsRoute(app);
  studentAttributeRatingsRoute(app);
  globalReportRoute(app);
  studentDashboardRoute(app);
  attributeProfileRoute(app);
  studentDataRoute(app);
};
