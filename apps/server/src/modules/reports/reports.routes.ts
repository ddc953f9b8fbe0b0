import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVIDENCE_MSG,
  TARGET_MSG,
  canManageCatalogues,
  curriculumMapAnswer,
  curriculumMapQuery,
  divisionSummary,
  evidenceAnswer,
  evidenceQuery,
  flexExportQuery,
  flexQuery,
  ratingRecord,
  targetsAnswer,
  targetsBody,
  targetsQuery,
  type Actor,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { errorResponses, fieldError, forbidden } from '../../lib/http-errors.js';
import { sendXlsx, xlsxDownload } from '../../lib/xlsx.js';
import { nowIso } from '../../lib/time.js';
import { buildFlexWorkbook, divisionSummary as summarize, resolveFlexFilter } from './reports.service.js';
import { listEffectiveTargets, listForeignAttributes, upsertTargets } from './targets.repository.js';
import { mayActOnCareer } from '../../db/career-scope.js';
import { listRatingRecords } from './reports.repository.js';
import { buildCohortEvidence, buildCurriculumMap } from './evidence.service.js';
import { rowExists } from '../../db/lookups.js';
import { findPeriod } from '../periods/index.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 422);

/** The career and period exist (422 on their field), and the user may act on the career (403); answers the period. */
async function checkTargetScope(app: RouteApp, actor: Actor, careerId: number, periodId: number) {
  if (!(await rowExists(app.db, 'careers', careerId))) throw fieldError('career_id', TARGET_MSG.careerMissing);
  const period = await findPeriod(app.db, periodId);
  if (!period) throw fieldError('period_id', TARGET_MSG.periodMissing);
  if (!(await mayActOnCareer(app.db, actor, careerId))) throw forbidden(TARGET_MSG.notYourCareer);
  return period;
}

/** The career exists (422 on career_id) and the user may act on it (403). */
async function checkEvidenceScope(app: RouteApp, actor: Actor, careerId: number) {
  if (!(await rowExists(app.db, 'careers', careerId))) throw fieldError('career_id', EVIDENCE_MSG.careerMissing);
  if (!(await mayActOnCareer(app.db, actor, careerId))) throw forbidden(EVIDENCE_MSG.notYourCareer);
}

function evidenceRoute(app: RouteApp): void {
  app.get(
    '/reportes/evidencia',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Evidencia de logro de los atributos de egreso de una generación en una carrera (CACEI, criterio 4)',
        querystring: evidenceQuery,
        response: { 200: evidenceAnswer, ...readErrors },
      },
    },
    async (request) => {
      const { career_id, generation_id } = request.query;
      await checkEvidenceScope(app, actorOf(request), career_id);
      return buildCohortEvidence(app.db, { careerId: career_id, generationId: generation_id }, app.institution);
    },
  );
}

function curriculumMapRoute(app: RouteApp): void {
  app.get(
    '/reportes/mapa-curricular',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Mapa curricular: materias × atributos con niveles I/M/A y sus huecos',
        querystring: curriculumMapQuery,
        response: { 200: curriculumMapAnswer, ...readErrors },
      },
    },
    async (request) => {
      const { career_id, period_id } = request.query;
      await checkEvidenceScope(app, actorOf(request), career_id);
      return buildCurriculumMap(app.db, career_id, period_id);
    },
  );
}

function targetsRoute(app: RouteApp): void {
  app.get(
    '/reportes/metas',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Metas por atributo de una carrera que rigen en un periodo',
        querystring: targetsQuery,
        response: { 200: targetsAnswer, ...readErrors },
      },
    },
    async (request) => {
      const { career_id, period_id } = request.query;
      const period = await checkTargetScope(app, actorOf(request), career_id, period_id);
      return { career_id, period_id, targets: await listEffectiveTargets(app.db, career_id, period) };
    },
  );
}

function saveTargetsRoute(app: RouteApp): void {
  app.put(
    '/reportes/metas',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Fija las metas de un periodo (los demás periodos conservan las suyas)',
        body: targetsBody,
        response: { 200: targetsAnswer, ...readErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { career_id, period_id, targets } = request.body;
      const period = await checkTargetScope(app, actor, career_id, period_id);
      if (
        (
          await listForeignAttributes(
            app.db,
            career_id,
            targets.map((t) => t.attribute_id),
          )
        ).length
      )
        throw fieldError('targets', TARGET_MSG.attributeNotInCareer);
      await app.db.transaction().execute(async (trx) => {
        await upsertTargets(trx, career_id, period_id, targets, actor.id, nowIso());
        await auditRow(trx, actor.id, 'targets.update', 'careers', career_id, { period_id, targets });
      });
      return { career_id, period_id, targets: await listEffectiveTargets(app.db, career_id, period) };
    },
  );
}

function flexRoute(app: RouteApp): void {
  app.get(
    '/reportes/flex',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Registros de calificación por atributo de una generación (reporte de división)',
        querystring: flexQuery,
        response: { 200: z.array(ratingRecord), ...readErrors },
      },
    },
    async (request) => {
      const rows = await listRatingRecords(app.db, await resolveFlexFilter(app.db, actorOf(request), request.query));
      return rows.map((r) => ({
        attribute_id: r.attribute_id,
        attribute: { attribute_name: r.attribute_name, career_id: r.career_id, career_key: r.career_key },
        subject_id: r.subject_id,
        attributerating: r.rating,
        user: { id: r.user_id, gender: r.gender },
      }));
    },
  );
}

function flexSummaryRoute(app: RouteApp): void {
  app.get(
    '/reportes/flex/resumen',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary:
          'Resumen del reporte de división: alumnos por género, registros y, por atributo, registros por banda con sus porcentajes',
        querystring: flexQuery,
        response: { 200: divisionSummary, ...readErrors },
      },
    },
    async (request) => summarize(app.db, actorOf(request), request.query),
  );
}

function flexExportRoute(app: RouteApp): void {
  app.get(
    '/reportes/flex/export',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['reports'],
        summary: 'Reporte de división en Excel (.xlsx)',
        querystring: flexExportQuery,
        ...xlsxDownload(errorResponses(401, 403, 404, 422)),
      },
    },
    async (request, reply) => {
      const { fileName, buffer } = await buildFlexWorkbook(app.db, actorOf(request), request.query);
      return sendXlsx(reply, fileName, buffer);
    },
  );
}

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  evidenceRoute(app);
  curriculumMapRoute(app);
  targetsRoute(app);
  saveTargetsRoute(app);
  flexRoute(app);
  flexSummaryRoute(app);
  flexExportRoute(app);
};
