import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  SUBJECT_MSG, canManageCatalogues, errorResponse, idParam, okResponse, subject, subjectAttribute, subjectBody, type SubjectInput,
} from '@egreso/domain';
import type { Database } from '../../db/types.js';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { refuseIfInUse } from '../../db/usage.js';
import {
  attributesBySubject, deleteSubject, existingIds, findSubjectRow, insertSubject, loadSubjects, prerequisiteEdgesExcept,
  replaceSubjectLinks, subjectNames, SUBJECT_DEPENDENTS, updateSubject,
} from './subjects.repository.js';
import { valueTaken } from '../../db/lookups.js';

const writeErrors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const keyTaken = () => fieldError('subject_key', SUBJECT_MSG.keyTaken);

/** Whether `from` reaches `target` following "requires" edges. */
function reaches(edges: Map<number, number[]>, from: number, target: number): boolean {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length) {
    const node = stack.pop()!;
    if (node === target) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    stack.push(...(edges.get(node) ?? []));
  }
  return false;
}

/** Checks every related id, and on edit that the prerequisites neither include the subject nor close a cycle. */
async function validateLinks(db: Kysely<Database>, input: SubjectInput, selfId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  if (selfId !== null && input.prerequisites.includes(selfId)) add('prerequisites', SUBJECT_MSG.selfPrerequisite);
  const prereqs = await subjectNames(db, input.prerequisites.filter((p) => p !== selfId));
  if (prereqs.length !== input.prerequisites.filter((p) => p !== selfId).length) add('prerequisites', SUBJECT_MSG.prerequisiteMissing);
  if (selfId !== null && !errors.prerequisites && prereqs.length) {
    const edges = new Map<number, number[]>();
    for (const e of await prerequisiteEdgesExcept(db, selfId)) edges.set(e.subject_id, [...(edges.get(e.subject_id) ?? []), e.prerequisite_id]);
    const cyclic = prereqs.find((p) => reaches(edges, p.id, selfId));
    if (cyclic) add('prerequisites', SUBJECT_MSG.cycle(cyclic.subject_name));
  }
  if ((await existingIds(db, 'semesters', input.semesters)).size !== input.semesters.length) add('semesters', SUBJECT_MSG.semesterInvalid);
  if ((await existingIds(db, 'careers', input.careers)).size !== input.careers.length) add('careers', SUBJECT_MSG.careerMissing);
  const attributeIds = input.attributes.map((a) => a.id);
  if ((await existingIds(db, 'attributes', attributeIds)).size !== attributeIds.length) add('attributes', SUBJECT_MSG.attributeMissing);

  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0]![0]);
}

export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function one(id: number) {
    const [found] = await loadSubjects(app.db, [id]);
    if (!found) throw notFound(SUBJECT_MSG.notFound);
    return found;
  }

  app.get('/subjects', {
    preHandler: app.guard(),
    schema: {
      tags: ['subjects'], summary: 'Materias con prerrequisitos, semestres, carreras y atributos',
      response: { 200: z.array(subject), 401: errorResponse },
    },
  }, async () => loadSubjects(app.db, null));

  app.get('/subjects/:id', {
    preHandler: app.guard(),
    schema: { tags: ['subjects'], summary: 'Una materia', params: idParam, response: { 200: subject, 401: errorResponse, 404: errorResponse } },
  }, async (request) => one(request.params.id));

  app.get('/subjects/:id/attributes', {
    preHandler: app.guard(),
    schema: {
      tags: ['subjects'], summary: 'Atributos de una materia con su nivel', params: idParam,
      response: { 200: z.array(subjectAttribute), 401: errorResponse, 404: errorResponse },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!(await findSubjectRow(app.db, id))) throw notFound(SUBJECT_MSG.notFound);
    return (await attributesBySubject(app.db, [id])).get(id) ?? [];
  });

  app.post('/subjects', {
    preHandler: app.guard(canManageCatalogues),
    schema: { tags: ['subjects'], summary: 'Registra una materia', body: subjectBody, response: { 201: subject, ...writeErrors } },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const input = request.body;
    await validateLinks(app.db, input, null);
    if (await valueTaken(app.db, 'subjects', 'subject_key', input.subject_key, null)) throw keyTaken();
    const id = await app.db.transaction().execute(async (trx) => {
      const newId = await insertSubject(trx, input, nowIso());
      await replaceSubjectLinks(trx, newId, input);
      await audit(trx, { userId: actor.id, action: 'subject.create', entity: 'subjects', entityId: newId, details: { subject_key: input.subject_key } });
      return newId;
    });
    return reply.code(201).send(await one(id));
  });

  app.put('/subjects/:id', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['subjects'], summary: 'Actualiza una materia y reemplaza sus relaciones', params: idParam, body: subjectBody,
      response: { 200: subject, ...writeErrors },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const input = request.body;
    if (!(await findSubjectRow(app.db, id))) throw notFound(SUBJECT_MSG.notFound);
    await validateLinks(app.db, input, id);
    if (await valueTaken(app.db, 'subjects', 'subject_key', input.subject_key, id)) throw keyTaken();
    await app.db.transaction().execute(async (trx) => {
      await updateSubject(trx, id, input, nowIso());
      await replaceSubjectLinks(trx, id, input);
      await audit(trx, { userId: actor.id, action: 'subject.update', entity: 'subjects', entityId: id });
    });
    return one(id);
  });

  app.delete('/subjects/:id', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['subjects'], summary: 'Elimina una materia sin uso', params: idParam,
      response: { 200: okResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const found = await findSubjectRow(app.db, id);
    if (!found) throw notFound(SUBJECT_MSG.notFound);
    await app.db.transaction().execute(async (trx) => {
      await refuseIfInUse(trx, id, SUBJECT_DEPENDENTS, 'La materia');
      await deleteSubject(trx, id);
      await audit(trx, { userId: actor.id, action: 'subject.delete', entity: 'subjects', entityId: id, details: { subject_key: found.subject_key } });
    });
    return { message: SUBJECT_MSG.deleted };
  });
};
