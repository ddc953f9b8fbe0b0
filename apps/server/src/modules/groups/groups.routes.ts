import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_MSG,
  ROLE,
  SUBJECT_MSG,
  canManageCatalogues,
  group,
  groupBody,
  groupListItem,
  groupStudent,
  idParam,
  okResponse,
} from '@egreso/domain';
import { assertGroupHeld, careerScope } from '../../db/career-scope.js';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { errorResponses, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { deleteUnlessInUse } from '../../db/usage.js';
import {
  findGroup,
  GROUP_DEPENDENTS,
  groupsForSubject,
  insertGroup,
  listGroups,
  studentsOfGroup,
  teacherGroupsForSubject,
  teacherHasGroup,
  updateGroup,
} from './groups.repository.js';
import { rowExists, valueTaken } from '../../db/lookups.js';
import type { RouteApp } from '../../lib/route-app.js';

const writeErrors = errorResponses(401, 403, 404, 409, 422);
const nameTaken = () => fieldError('group_name', GROUP_MSG.nameTaken);

function listGroupsRoute(app: RouteApp): void {
  app.get(
    '/groups',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['groups'],
        summary: 'Grupos con su semestre',
        response: { 200: z.array(groupListItem), ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return listGroups(app.db, canManageCatalogues(actor) ? await careerScope(app.db, actor) : null);
    },
  );
}

function groupRoute(app: RouteApp): void {
  app.get(
    '/groups/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['groups'],
        summary: 'Un grupo',
        params: idParam,
        response: { 200: group, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const found = await findGroup(app.db, request.params.id);
      if (!found) throw notFound(GROUP_MSG.notFound);
      return found;
    },
  );
}

function subjectGroupsRoute(app: RouteApp): void {
  app.get(
    '/groups/subject/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['groups'],
        summary: 'Grupos de los semestres de una materia (del profesor: solo los suyos)',
        params: idParam,
        response: { 200: z.array(group), ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const subjectId = request.params.id;
      if (!(await rowExists(app.db, 'subjects', subjectId))) throw notFound(SUBJECT_MSG.notFound);
      return actor.role === ROLE.TEACHER
        ? teacherGroupsForSubject(app.db, subjectId, actor.id)
        : groupsForSubject(app.db, subjectId);
    },
  );
}

function groupStudentsRoute(app: RouteApp): void {
  app.get(
    '/groups/:id/students',
    {
      onRequest: app.guard((a) => canManageCatalogues(a) || a.role === ROLE.TEACHER),
      schema: {
        tags: ['groups'],
        summary: 'Alumnos de un grupo',
        params: idParam,
        response: { 200: z.array(groupStudent), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const groupId = request.params.id;
      if (!(await findGroup(app.db, groupId))) throw notFound(GROUP_MSG.notFound);
      // A teacher sees only the groups they teach.
      if (actor.role === ROLE.TEACHER && !(await teacherHasGroup(app.db, actor.id, groupId))) throw forbidden();
      return studentsOfGroup(
        app.db,
        groupId,
        actor.role === ROLE.TEACHER ? { all: true } : await careerScope(app.db, actor),
      );
    },
  );
}

function createGroupRoute(app: RouteApp): void {
  app.post(
    '/groups',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['groups'],
        summary: 'Registra un grupo',
        body: groupBody,
        response: { 201: group, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      if (await valueTaken(app.db, 'groups', 'group_name', body.group_name, null)) throw nameTaken();
      const id = await app.db.transaction().execute(async (trx) => {
        const newId = await insertGroup(trx, body, nowIso());
        await auditRow(trx, actor.id, 'group.create', 'groups', newId);
        return newId;
      });
      return reply.code(201).send((await findGroup(app.db, id))!);
    },
  );
}

function updateGroupRoute(app: RouteApp): void {
  app.put(
    '/groups/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['groups'],
        summary: 'Actualiza un grupo',
        params: idParam,
        body: groupBody,
        response: { 200: group, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      if (!(await findGroup(app.db, id))) throw notFound(GROUP_MSG.notFound);
      await assertGroupHeld(app.db, actor, id);
      if (await valueTaken(app.db, 'groups', 'group_name', request.body.group_name, id)) throw nameTaken();
      await app.db.transaction().execute(async (trx) => {
        await updateGroup(trx, id, request.body, nowIso());
        await auditRow(trx, actor.id, 'group.update', 'groups', id);
      });
      return (await findGroup(app.db, id))!;
    },
  );
}

function deleteGroupRoute(app: RouteApp): void {
  app.delete(
    '/groups/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['groups'],
        summary: 'Elimina un grupo sin alumnos ni asignaciones',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const found = await findGroup(app.db, id);
      if (!found) throw notFound(GROUP_MSG.notFound);
      await app.db.transaction().execute(async (trx) => {
        await assertGroupHeld(trx, actor, id);
        await deleteUnlessInUse(trx, 'groups', id, GROUP_DEPENDENTS, 'El grupo');
        await auditRow(trx, actor.id, 'group.delete', 'groups', id, { group_name: found.group_name });
      });
      return { message: GROUP_MSG.deleted };
    },
  );
}

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  listGroupsRoute(app);
  groupRoute(app);
  subjectGroupsRoute(app);
  groupStudentsRoute(app);
  createGroupRoute(app);
  updateGroupRoute(app);
  deleteGroupRoute(app);
};
