import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupReport, groupReportQuery, isStaff, studentReport, studentReportQuery } from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { errorResponses } from '../../lib/http-errors.js';
import { groupReport as buildGroupReport, studentReport as buildStudentReport } from './teacher-reports.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 404, 422);

/** The teacher's graphic report: band counts of a group and one student's attribute ratings. */
export const teacherReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  groupReportRoutes(app);
};

/** A group's report and one of its students' (the teacher's graphic report). */
function groupReportRoutes(app: RouteApp): void {
  app.get(
    '/reportes/grupo',
    {
      onRequest: app.guard(isStaff),
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
      onRequest: app.guard(isStaff),
      schema: {
        tags: ['reports'],
        summary: 'Calificación de cada atributo de un alumno en una materia y grupo',
        querystring: studentReportQuery,
        response: { 200: studentReport, ...readErrors },
      },
    },
    async (request) => buildStudentReport(app.db, actorOf(request), request.query),
  );
}
