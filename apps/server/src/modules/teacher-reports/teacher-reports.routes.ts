import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE, groupReport, groupReportQuery, studentReport, studentReportQuery, type Actor } from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../lib/http-errors.js';
import { groupReport as buildGroupReport, studentReport as buildStudentReport } from './teacher-reports.service.js';

const staff = (a: Actor) => a.role === ROLE.TEACHER || a.role === ROLE.CHIEF || a.role === ROLE.ADMIN;
const readErrors = errorResponses(401, 403, 404, 422);

/** The teacher's graphic report: band counts of a group and one student's attribute ratings. */
export const teacherReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reportes/grupo',
    {
      preHandler: app.guard(staff),
      schema: {
        tags: ['reports'],
        summary: 'Conteo por nivel (sobresaliente, suficiente, insuficiente) de cada atributo en una materia y grupo',
        querystring: groupReportQuery,
        response: { 200: groupReport, ...readErrors },
      },
    },
    async (request) => buildGroupReport(app.db, actorOf(request), request.query),
  );

  app.get(
    '/reportes/grupo/alumno',
    {
      preHandler: app.guard(staff),
      schema: {
        tags: ['reports'],
        summary: 'Calificación de cada atributo de un alumno en una materia y grupo',
        querystring: studentReportQuery,
        response: { 200: studentReport, ...readErrors },
      },
    },
    async (request) => buildStudentReport(app.db, actorOf(request), request.query),
  );
};
