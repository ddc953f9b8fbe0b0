import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, semester, subjectSemester } from '@egreso/domain';
import { listSemesters, listSubjectSemesters } from './catalogues.repository.js';

/** Read-only catalogues every signed-in screen may need. */
export const cataloguesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/semesters',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['catalogues'],
        summary: 'Semestres 1 a 9',
        response: { 200: z.array(semester), 401: errorResponse },
      },
    },
    async () => listSemesters(app.db),
  );

  app.get(
    '/subjectsemesters',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['catalogues'],
        summary: 'Relación materias-semestre',
        response: { 200: z.array(subjectSemester), 401: errorResponse },
      },
    },
    async () => listSubjectSemesters(app.db),
  );
};
