import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ASSIGNMENT_MSG, ROLE, assignment, assignmentBulkBody, assignmentBulkResult, assignmentCreateBody, assignmentDeleteAllResult,
  assignmentsQuery, canManageCatalogues, careerRef, diffAssignments, errorResponse, idField, idParam, okResponse, periodQuery,
  teacherAssignment, teacherAssignmentsQuery, type Actor,
} from '@egreso/domain';
import type { Database } from '../../db/types.js';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { findActivePeriod } from '../catalogues/catalogues.repository.js';
import {
  assignmentLabel, assignmentsInUse, careersOfUser, defaultCareers, deleteAssignments, findAssignment, findPeriod,
  findUserRole, heldByOthers, insertAssignments, listAssignments, rowReferences, teacherAssignments,
} from './assignments.repository.js';
import { rowExists } from '../../db/lookups.js';

const userParam = z.object({ userId: idField() });
const managerOrTeacher = (a: Actor) => canManageCatalogues(a) || a.role === ROLE.TEACHER;
const writeErrors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

interface Row { subject_id: number; group_id: number }

export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The period an assignment belongs to: the one sent, else the active one (null when none is active). */
  async function resolvePeriod(periodId: number | null | undefined, creating: boolean) {
    const period = periodId ? await findPeriod(app.db, periodId) : await findActivePeriod(app.db);
    if (periodId && !period) throw fieldError('period_id', ASSIGNMENT_MSG.periodMissing);
    if (creating && period?.status === 'closed') throw fieldError('period_id', ASSIGNMENT_MSG.periodClosed);
    return period?.id ?? null;
  }

  async function currentPeriodId() {
    return (await findActivePeriod(app.db))?.id ?? null;
  }

  /**
   * Every row must name an existing subject and group, and the subject must belong to the group's semester, except a
   * row the teacher already holds (`kept`), which an edit keeps even when the catalogue has moved since it was assigned.
   */
  async function checkRows(
    rows: Row[], field: (index: number, name: 'subject_id' | 'group_id') => string, kept: ReadonlySet<string> = new Set(),
  ) {
    const refs = await rowReferences(app.db, rows.map((r) => r.subject_id), rows.map((r) => r.group_id));
    const errors: Record<string, string[]> = {};
    rows.forEach((r, i) => {
      const group = refs.groups.get(r.group_id);
      if (!refs.subjects.has(r.subject_id)) errors[field(i, 'subject_id')] = [ASSIGNMENT_MSG.subjectMissing];
      if (!group) errors[field(i, 'group_id')] = [ASSIGNMENT_MSG.groupMissing];
      else if (group.semester_id === null) errors[field(i, 'group_id')] = [ASSIGNMENT_MSG.groupWithoutSemester];
      else if (
        refs.subjects.has(r.subject_id) && !kept.has(`${r.subject_id}:${r.group_id}`) && !refs.linked.has(`${r.subject_id}:${group.semester_id}`)
      ) {
        errors[field(i, 'subject_id')] = [ASSIGNMENT_MSG.wrongSemester];
      }
    });
    if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0]![0]);
  }

  async function assertNotHeldByOthers(db: Kysely<Database>, teacherId: number, periodId: number | null, rows: Row[]) {
    const [taken] = await heldByOthers(db, teacherId, periodId, rows);
    if (taken) throw conflict(ASSIGNMENT_MSG.takenByOther(taken.subject.subject_name, taken.group?.group_name ?? '', taken.user.full_name));
  }

  app.get('/professorsubjects', {
    preHandler: app.guard(managerOrTeacher),
    schema: {
      tags: ['assignments'], summary: 'Asignaciones profesor-materia-grupo (un profesor: solo las suyas)', querystring: assignmentsQuery,
      response: { 200: z.array(assignment), 401: errorResponse, 403: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { user_id, period_id, current } = request.query;
    if (actor.role === ROLE.TEACHER && user_id !== undefined && user_id !== actor.id) throw forbidden();
    const userId = actor.role === ROLE.TEACHER ? actor.id : user_id;
    const periodId = current ? await currentPeriodId() : period_id;
    return listAssignments(app.db, { userId, periodId });
  });

  app.post('/professorsubjects', {
    preHandler: app.guard(canManageCatalogues),
    schema: { tags: ['assignments'], summary: 'Asigna una materia y grupo a un profesor', body: assignmentCreateBody, response: { 201: assignment, ...writeErrors } },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const body = request.body;
    const teacher = await findUserRole(app.db, body.user_id);
    if (!teacher) throw fieldError('user_id', ASSIGNMENT_MSG.teacherMissing);
    if (teacher.role !== ROLE.TEACHER) throw fieldError('user_id', ASSIGNMENT_MSG.notTeacher);
    const row = { subject_id: body.subject_id, group_id: body.group_id };
    await checkRows([row], (_, name) => name);
    const periodId = await resolvePeriod(body.period_id, true);
    if (body.career_id && !(await rowExists(app.db, 'careers', body.career_id))) throw fieldError('career_id', ASSIGNMENT_MSG.careerMissing);
    const mine = await listAssignments(app.db, { userId: teacher.id, periodId });
    if (mine.some((a) => a.subject_id === row.subject_id && a.group_id === row.group_id)) throw conflict(ASSIGNMENT_MSG.duplicate);
    await assertNotHeldByOthers(app.db, teacher.id, periodId, [row]);
    const careerId = body.career_id ?? (await defaultCareers(app.db, teacher.id, [row.subject_id])).get(row.subject_id) ?? null;
    const id = await app.db.transaction().execute(async (trx) => {
      const [newId] = await insertAssignments(trx, [{ user_id: teacher.id, ...row, period_id: periodId, career_id: careerId }], nowIso());
      await audit(trx, { userId: actor.id, action: 'assignment.create', entity: 'professor_subjects', entityId: newId!, details: { user_id: teacher.id, ...row, period_id: periodId } });
      return newId!;
    });
    return reply.code(201).send((await findAssignment(app.db, id))!);
  });

  app.delete('/professorsubjects/:id', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['assignments'], summary: 'Elimina una asignación sin actividades', params: idParam,
      response: { 200: okResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const found = await findAssignment(app.db, request.params.id);
    if (!found) throw notFound(ASSIGNMENT_MSG.notFound);
    await app.db.transaction().execute(async (trx) => {
      if ((await assignmentsInUse(trx, [found.id])).size) throw conflict(ASSIGNMENT_MSG.inUse([assignmentLabel(found)]));
      await deleteAssignments(trx, [found.id]);
      await audit(trx, { userId: actor.id, action: 'assignment.delete', entity: 'professor_subjects', entityId: found.id });
    });
    return { message: ASSIGNMENT_MSG.deleted };
  });

  app.put('/professorsubjects/by-professor/:userId', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['assignments'], summary: 'Guarda por comparación las asignaciones de un profesor en un periodo',
      params: userParam, body: assignmentBulkBody, response: { 200: assignmentBulkResult, ...writeErrors },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const teacher = await findUserRole(app.db, request.params.userId);
    if (!teacher) throw notFound(ASSIGNMENT_MSG.teacherMissing);
    if (teacher.role !== ROLE.TEACHER) throw fieldError('user_id', ASSIGNMENT_MSG.notTeacher);
    const rows = request.body.rows;
    const periodId = await resolvePeriod(request.body.period_id, false);
    const held = await listAssignments(app.db, { userId: teacher.id, periodId });
    await checkRows(rows, (i, name) => `rows.${i}.${name}`, new Set(held.map((a) => `${a.subject_id}:${a.group_id ?? 0}`)));

    const result = await app.db.transaction().execute(async (trx) => {
      const current = await listAssignments(trx, { userId: teacher.id, periodId });
      const diff = diffAssignments(current.map((a) => ({ id: a.id, subject_id: a.subject_id, group_id: a.group_id ?? 0 })), rows);
      const blocked = await assignmentsInUse(trx, diff.toDelete);
      if (blocked.size) throw conflict(ASSIGNMENT_MSG.inUse(current.filter((a) => blocked.has(a.id)).map(assignmentLabel)));
      if (diff.toCreate.length) {
        const period = periodId === null ? null : await findPeriod(trx, periodId);
        if (period?.status === 'closed') throw fieldError('period_id', ASSIGNMENT_MSG.periodClosed);
        await assertNotHeldByOthers(trx, teacher.id, periodId, diff.toCreate);
      }
      const careers = await defaultCareers(trx, teacher.id, diff.toCreate.map((r) => r.subject_id));
      await deleteAssignments(trx, diff.toDelete);
      const created = await insertAssignments(trx, diff.toCreate.map((r) => ({
        user_id: teacher.id, subject_id: r.subject_id, group_id: r.group_id, period_id: periodId, career_id: careers.get(r.subject_id) ?? null,
      })), nowIso());
      await audit(trx, {
        userId: actor.id, action: 'assignment.bulk', entity: 'users', entityId: teacher.id,
        details: { period_id: periodId, kept: diff.kept, created, deleted: diff.toDelete },
      });
      return { kept: diff.kept, created, deleted: diff.toDelete };
    });
    const assignments = await listAssignments(app.db, { userId: teacher.id, periodId });
    return { message: ASSIGNMENT_MSG.saved, ...result, assignments };
  });

  app.delete('/professorsubjects/by-professor/:userId', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['assignments'], summary: 'Elimina todas las asignaciones de un profesor en un periodo', params: userParam, querystring: periodQuery,
      response: { 200: assignmentDeleteAllResult, ...writeErrors },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const teacher = await findUserRole(app.db, request.params.userId);
    if (!teacher) throw notFound(ASSIGNMENT_MSG.teacherMissing);
    const periodId = await resolvePeriod(request.query.period_id, false);
    const deleted = await app.db.transaction().execute(async (trx) => {
      const current = await listAssignments(trx, { userId: teacher.id, periodId });
      const blocked = await assignmentsInUse(trx, current.map((a) => a.id));
      if (blocked.size) throw conflict(ASSIGNMENT_MSG.inUse(current.filter((a) => blocked.has(a.id)).map(assignmentLabel)));
      await deleteAssignments(trx, current.map((a) => a.id));
      await audit(trx, { userId: actor.id, action: 'assignment.delete_all', entity: 'users', entityId: teacher.id, details: { period_id: periodId, ids: current.map((a) => a.id) } });
      return current.length;
    });
    return { message: ASSIGNMENT_MSG.deletedAll, deleted };
  });

  app.get('/profesor/materias', {
    preHandler: app.guard(),
    schema: {
      tags: ['assignments'], summary: 'Asignaciones del profesor en sesión, con las carreras de cada materia', querystring: teacherAssignmentsQuery,
      response: { 200: z.array(teacherAssignment), 401: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { career_id, period_id, current } = request.query;
    const periodId = current ? await currentPeriodId() : period_id;
    return teacherAssignments(app.db, actor.id, { careerId: career_id, periodId });
  });

  app.get('/mis-carreras', {
    preHandler: app.guard(),
    schema: {
      tags: ['assignments'], summary: 'Carreras del usuario en sesión (propias y de sus asignaciones)',
      response: { 200: z.array(careerRef), 401: errorResponse },
    },
  }, async (request) => careersOfUser(app.db, actorOf(request).id));
};
