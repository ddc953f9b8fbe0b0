import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PEOPLE_MSG,
  advanceSemesterBody,
  advanceSemesterResult,
  canManageCatalogues,
  idParam,
  okResponse,
  studentStatusBody,
  userGeneration,
  userGenerationCreateBody,
  userGenerationUpdateBody,
  userGenerationsQuery,
  userGroup,
  userGroupBody,
  userGroupsQuery,
  userIdParam,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import {
  addUserGroup,
  advanceSemester,
  assertCanReadStudent,
  clearUserGroups,
  createUserGeneration,
  listUserGenerations,
  listUserGroups,
  setStudentStatus,
  updateUserGeneration,
} from './students.service.js';
import { errorResponses } from '../../lib/http-errors.js';
import type { RouteApp } from '../../lib/route-app.js';

const readErrors = errorResponses(401, 403, 422);
const writeErrors = errorResponses(401, 403, 404, 409, 422);

/** Students' groups, generation links, status and the semester advance. */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerUserGroups(app);
  registerUserGenerations(app);
  registerStatusAndAdvance(app);
};

/** A student's groups: the list, one more, none. */
function registerUserGroups(app: RouteApp): void {
  app.get(
    '/usergroups',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['students'],
        summary: 'Grupos de los alumnos (de uno con user_id)',
        querystring: userGroupsQuery,
        response: { 200: z.array(userGroup), ...readErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await assertCanReadStudent(app.db, actor, request.query.user_id);
      return listUserGroups(app.db, actor, request.query.user_id);
    },
  );

  app.post(
    '/usergroups',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['students'],
        summary: 'Agrega un alumno a un grupo',
        body: userGroupBody,
        response: { 201: userGroup, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await app.db.transaction().execute((trx) => addUserGroup(trx, actorOf(request), request.body))),
  );

  app.delete(
    '/usergroups/clear/:userId',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['students'],
        summary: 'Quita al alumno de todos sus grupos',
        params: userIdParam,
        response: { 200: okResponse, ...writeErrors },
      },
    },
    async (request) => {
      await app.db.transaction().execute((trx) => clearUserGroups(trx, actorOf(request), request.params.userId));
      return { message: PEOPLE_MSG.groupsCleared };
    },
  );
}

/** A student's generation links: the list, a new one, a change. */
function registerUserGenerations(app: RouteApp): void {
  app.get(
    '/usergenerations',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['students'],
        summary: 'Generaciones de los alumnos (de uno con user_id)',
        querystring: userGenerationsQuery,
        response: { 200: z.array(userGeneration), ...readErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await assertCanReadStudent(app.db, actor, request.query.user_id);
      return listUserGenerations(app.db, actor, request.query.user_id);
    },
  );

  app.post(
    '/usergenerations',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['students'],
        summary: 'Vincula a un alumno con una generación (requiere current_semester_id)',
        body: userGenerationCreateBody,
        response: { 201: userGeneration, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await app.db.transaction().execute((trx) => createUserGeneration(trx, actorOf(request), request.body))),
  );

  app.put(
    '/usergenerations/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['students'],
        summary: 'Cambia generación, estatus y semestre de un vínculo',
        params: idParam,
        body: userGenerationUpdateBody,
        response: { 200: userGeneration, ...writeErrors },
      },
    },
    async (request) =>
      app.db
        .transaction()
        .execute((trx) => updateUserGeneration(trx, actorOf(request), request.params.id, request.body)),
  );
}

/** A student's status, and the semester advance of the active students. */
function registerStatusAndAdvance(app: RouteApp): void {
  app.put(
    '/students/:id/status',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['students'],
        summary: 'Estatus del alumno (0 Baja, 1 Activo, 2 Graduado); 409 sin generación',
        params: idParam,
        body: studentStatusBody,
        response: { 200: userGeneration, ...writeErrors },
      },
    },
    async (request) =>
      app.db
        .transaction()
        .execute((trx) => setStudentStatus(trx, actorOf(request), request.params.id, request.body.active)),
  );

  app.post(
    '/students/advance-semester',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['students'],
        summary: 'Avanza un semestre a los alumnos activos (opcional: de un grupo); el 9.º se gradúa',
        body: advanceSemesterBody,
        response: { 200: advanceSemesterResult, ...writeErrors },
      },
    },
    async (request) =>
      app.db.transaction().execute((trx) => advanceSemester(trx, actorOf(request), request.body.group_id)),
  );
}
