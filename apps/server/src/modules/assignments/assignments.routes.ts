import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSIGNMENT_MSG,
  ROLE,
  assignment,
  assignmentBulkBody,
  assignmentBulkResult,
  assignmentCreateBody,
  assignmentDeleteAllResult,
  assignmentsQuery,
  canManageCatalogues,
  careerRef,
  idField,
  idParam,
  okResponse,
  periodQuery,
  teacherAssignment,
  teacherAssignmentsQuery,
  type Actor,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { careerScope } from '../../db/career-scope.js';
import { errorResponses, forbidden, notFound } from '../../lib/http-errors.js';
import { careersOfUser, findAssignment, listAssignments, teacherAssignments } from './assignments.repository.js';
import {
  createAssignment,
  deleteAssignment,
  deleteTeacherAssignments,
  periodOfQuery,
  saveTeacherAssignments,
} from './assignments.service.js';
import type { RouteApp } from '../../lib/route-app.js';

const userParam = z.object({ userId: idField() });
const managerOrTeacher = (a: Actor) => canManageCatalogues(a) || a.role === ROLE.TEACHER;
const writeErrors = errorResponses(401, 403, 404, 409, 422);

export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app);
  registerCreate(app);
  registerDelete(app);
  registerTeacherPeriod(app);
  registerOwnAssignments(app);
};

function registerList(app: RouteApp): void {
  app.get(
    '/professorsubjects',
    {
      onRequest: app.guard(managerOrTeacher),
      schema: {
        tags: ['assignments'],
        summary: 'Asignaciones profesor-materia-grupo (un profesor: solo las suyas)',
        querystring: assignmentsQuery,
        response: { 200: z.array(assignment), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { user_id, period_id, current } = request.query;
      if (actor.role === ROLE.TEACHER && user_id !== undefined && user_id !== actor.id) throw forbidden();
      const userId = actor.role === ROLE.TEACHER ? actor.id : user_id;
      const scope = actor.role === ROLE.TEACHER ? undefined : await careerScope(app.db, actor);
      return listAssignments(app.db, { userId, periodId: await periodOfQuery(app.db, current, period_id), scope });
    },
  );
}

function registerCreate(app: RouteApp): void {
  app.post(
    '/professorsubjects',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['assignments'],
        summary: 'Asigna una materia y grupo a un profesor',
        body: assignmentCreateBody,
        response: { 201: assignment, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const scope = await careerScope(app.db, actor);
      const id = await app.db.transaction().execute((trx) => createAssignment(trx, actor, scope, request.body));
      return reply.code(201).send((await findAssignment(app.db, id))!);
    },
  );
}

function registerDelete(app: RouteApp): void {
  app.delete(
    '/professorsubjects/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['assignments'],
        summary: 'Elimina una asignación sin actividades',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const found = await findAssignment(app.db, request.params.id);
      if (!found) throw notFound(ASSIGNMENT_MSG.notFound);
      const scope = await careerScope(app.db, actor);
      await app.db.transaction().execute((trx) => deleteAssignment(trx, actor.id, scope, found));
      return { message: ASSIGNMENT_MSG.deleted };
    },
  );
}

/** All the assignments of a teacher in a period: saved by comparison, or deleted. */
function registerTeacherPeriod(app: RouteApp): void {
  app.put(
    '/professorsubjects/by-professor/:userId',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['assignments'],
        summary: 'Guarda por comparación las asignaciones de un profesor en un periodo',
        params: userParam,
        body: assignmentBulkBody,
        response: { 200: assignmentBulkResult, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = await careerScope(app.db, actor);
      const result = await app.db
        .transaction()
        .execute((trx) => saveTeacherAssignments(trx, actor, scope, request.params.userId, request.body));
      return { message: ASSIGNMENT_MSG.saved, ...result };
    },
  );

  app.delete(
    '/professorsubjects/by-professor/:userId',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['assignments'],
        summary: 'Elimina todas las asignaciones de un profesor en un periodo',
        params: userParam,
        querystring: periodQuery,
        response: { 200: assignmentDeleteAllResult, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = await careerScope(app.db, actor);
      const deleted = await app.db
        .transaction()
        .execute((trx) => deleteTeacherAssignments(trx, actor, scope, request.params.userId, request.query.period_id));
      return { message: ASSIGNMENT_MSG.deletedAll, deleted };
    },
  );
}

/** The assignments and careers of the signed-in user. */
function registerOwnAssignments(app: RouteApp): void {
  app.get(
    '/profesor/materias',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['assignments'],
        summary: 'Asignaciones del profesor en sesión, con las carreras de cada materia',
        querystring: teacherAssignmentsQuery,
        response: { 200: z.array(teacherAssignment), ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { career_id, period_id, current } = request.query;
      return teacherAssignments(app.db, actor.id, {
        careerId: career_id,
        periodId: await periodOfQuery(app.db, current, period_id),
      });
    },
  );

  app.get(
    '/mis-carreras',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['assignments'],
        summary: 'Carreras del usuario en sesión (propias y de sus asignaciones)',
        response: { 200: z.array(careerRef), ...errorResponses(401) },
      },
    },
    async (request) => careersOfUser(app.db, actorOf(request).id),
  );
}
