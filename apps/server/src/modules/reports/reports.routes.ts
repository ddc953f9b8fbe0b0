import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canManageCatalogues, divisionReportFile, errorResponse, flexExportQuery, flexQuery, ratingRecord } from '@egreso/domain';
import { buildFlexWorkbook, resolveFlexFilter } from './reports.service.js';
import { listRatingRecords } from './reports.repository.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const readErrors = { 401: errorResponse, 403: errorResponse, 422: errorResponse };

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/reportes/flex', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['reports'], summary: 'Registros de calificación por atributo de una generación (reporte de división)', querystring: flexQuery,
      response: { 200: z.array(ratingRecord), ...readErrors },
    },
  }, async (request) => {
    const rows = await listRatingRecords(app.db, await resolveFlexFilter(app.db, request.query));
    return rows.map((r) => ({
      attribute_id: r.attribute_id, attribute: { attribute_name: r.attribute_name }, subject_id: r.subject_id,
      attributerating: r.rating, user: { id: r.user_id, gender: r.gender },
    }));
  });

  app.get('/reportes/flex/export', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['reports'], summary: 'Reporte de división en Excel (.xlsx)', querystring: flexExportQuery,
      produces: [XLSX_TYPE, 'application/json'], response: { 200: divisionReportFile, 404: errorResponse, ...readErrors },
    },
  }, async (request, reply) => {
    const { fileName, buffer } = await buildFlexWorkbook(app.db, request.query);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(buffer);
  });
};
