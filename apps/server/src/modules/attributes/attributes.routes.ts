import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTRIBUTE_MSG,
  attribute,
  attributeCreateBody,
  attributeUpdateBody,
  canManageCatalogues,
  idParam,
  okResponse,
  type Actor,
} from '@egreso/domain';
import { assertCareerInScope } from '../../db/career-scope.js';
import { actorOf } from '../../plugins/auth.js';
import { auditRow } from '../../lib/audit.js';
import { errorResponses, fieldError, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { deleteUnlessInUse } from '../../db/usage.js';
import {
  ATTRIBUTE_DEPENDENTS,
  findAttribute,
  insertAttribute,
  listAttributes,
  updateAttribute,
} from './attributes.repository.js';
import { rowExists, valueTaken } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import type { RouteApp } from '../../lib/route-app.js';

const writeErrors = errorResponses(401, 403, 404, 422);

/** The career must exist, and the name be free within it (or among the attributes without a career). */
async function checkAttribute(
  db: DbOrTrx,
  body: { attribute_name: string; career_id: number | null },
  exceptId: number | null,
) {
  if (body.career_id !== null && !(await rowExists(db, 'careers', body.career_id)))
    throw fieldError('career_id', ATTRIBUTE_MSG.careerMissing);
  const scope = { column: 'career_id', value: body.career_id } as const;
  if (await valueTaken(db, 'attributes', 'attribute_name', body.attribute_name, exceptId, scope)) {
    throw fieldError('attribute_name', ATTRIBUTE_MSG.nameTaken);
  }
}

/** A chief writes the attributes of their careers and those of no career (shared by all); administrators any. */
async function assertAttributeCareer(db: DbOrTrx, actor: Actor, careerId: number | null) {
  if (careerId !== null) await assertCareerInScope(db, actor, careerId);
}

/** The attribute `id` (404 when missing), once the actor may write on its career. */
async function attributeToWrite(db: DbOrTrx, actor: Actor, id: number) {
  const found = await findAttribute(db, id);
  if (!found) throw notFound(ATTRIBUTE_MSG.notFound);
  await assertAttributeCareer(db, actor, found.career_id);
  return found;
}

export const attributesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerCreate(app);
  registerUpdate(app);
  registerDelete(app);
};

/** The list of attributes and one attribute. */
function registerReads(app: RouteApp): void {
  app.get(
    '/attributes',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['attributes'],
        summary: 'Atributos de egreso',
        response: { 200: z.array(attribute), ...errorResponses(401) },
      },
    },
    async () => listAttributes(app.db),
  );

  app.get(
    '/attributes/:id',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['attributes'],
        summary: 'Un atributo',
        params: idParam,
        response: { 200: attribute, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const found = await findAttribute(app.db, request.params.id);
      if (!found) throw notFound(ATTRIBUTE_MSG.notFound);
      return found;
    },
  );
}

function registerCreate(app: RouteApp): void {
  app.post(
    '/attributes',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['attributes'],
        summary: 'Registra un atributo',
        body: attributeCreateBody,
        response: { 201: attribute, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      await checkAttribute(app.db, body, null);
      await assertAttributeCareer(app.db, actor, body.career_id);
      const id = await app.db.transaction().execute(async (trx) => {
        const newId = await insertAttribute(trx, body, nowIso());
        await auditRow(trx, actor.id, 'attribute.create', 'attributes', newId);
        return newId;
      });
      return reply.code(201).send((await findAttribute(app.db, id))!);
    },
  );
}

function registerUpdate(app: RouteApp): void {
  app.put(
    '/attributes/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['attributes'],
        summary: 'Actualiza un atributo',
        params: idParam,
        body: attributeUpdateBody,
        response: { 200: attribute, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      await attributeToWrite(app.db, actor, id);
      await checkAttribute(app.db, request.body, id);
      await assertAttributeCareer(app.db, actor, request.body.career_id);
      await app.db.transaction().execute(async (trx) => {
        await updateAttribute(trx, id, request.body, nowIso());
        await auditRow(trx, actor.id, 'attribute.update', 'attributes', id);
      });
      return (await findAttribute(app.db, id))!;
    },
  );
}

function registerDelete(app: RouteApp): void {
  app.delete(
    '/attributes/:id',
    {
      onRequest: app.guard(canManageCatalogues),
      schema: {
        tags: ['attributes'],
        summary: 'Elimina un atributo sin uso',
        params: idParam,
        response: { 200: okResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const found = await attributeToWrite(app.db, actor, id);
      await app.db.transaction().execute(async (trx) => {
        await deleteUnlessInUse(trx, 'attributes', id, ATTRIBUTE_DEPENDENTS, 'El atributo');
        await auditRow(trx, actor.id, 'attribute.delete', 'attributes', id, { attribute_name: found.attribute_name });
      });
      return { message: ATTRIBUTE_MSG.deleted };
    },
  );
}
