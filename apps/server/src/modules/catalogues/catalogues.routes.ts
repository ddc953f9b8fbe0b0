import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { semester, subjectSemester } from '@egreso/domain';
import { listSemesters, listSubjectSemesters } from './catalogues.repository.js';
import { errorResponses } from '../../lib/http-errors.js';
import type { RouteApp } from '../../lib/route-app.js';

/** Read-only catalogues every signed-in screen may need. */
export const cataloguesRoutes: FastifyPluginAsyncZod = async (app) => {
  getSemestersRoute(app);
  getSubjectsemestersRoute(app);
};

function getSemestersRoute(app: RouteApp): void {
  app.get(
    '/semesters',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['catalogues'],
        summary: 'Semestres 1 a 9',
        response: { 200: z.array(semester), ...errorResponses(401) },
      },
    },
    async () => listSemesters(app.db),
  );
}

function getSubjectsemestersRoute(app: RouteApp): void {
  app.get(
    '/subjectsemesters',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['catalogues'],
        summary: 'Relación materias-semestre',
        response: { 200: z.array(subjectSemester), ...errorResponses(401) },
      },
    },
    async () => listSubjectSemesters(app.db),
  );
}
