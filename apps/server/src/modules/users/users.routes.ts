import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG, ROLE, assignment, sortByName, canManageCatalogues, canManageUserOfRole, canReadUser, chiefPassword, errorResponse, idField, idParam,
  initialPassword, okResponse, padPassword, passwordChangeBody, publicUser, userCreateBody, userSession,
  userSessionBody, userUpdateBody, usersQuery,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import { USER_COLUMNS, deleteOtherTokens } from '../auth/tokens.repository.js';
import { insertSession, listSessions } from '../auth/login.repository.js';
import { listAssignments } from '../assignments/assignments.repository.js';
import { careersByUser, emailTakenByOther, findUserById } from './users.repository.js';
import { presentUser } from './present.js';

const userDetail = publicUser.extend({ professor_subjects: z.array(assignment) });

/** Password of a new account: the one sent, or the spec's generated one; always at least 8 characters. */
function newAccountPassword(body: { password?: string; full_name: string; controlnumber: string; role: number }): string {
  const sent = body.password?.trim();
  if (sent) return padPassword(sent);
  return padPassword(body.role === ROLE.CHIEF || body.role === ROLE.ADMIN
    ? chiefPassword(body.full_name, body.controlnumber)
    : initialPassword(body.full_name, body.controlnumber));
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  async function assertCareer(careerId: number) {
    const career = await app.db.selectFrom('careers').select('id').where('id', '=', careerId).executeTakeFirst();
    if (!career) throw fieldError('career_id', 'La carrera seleccionada no existe.');
  }

  app.get('/users', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['users'], summary: 'Usuarios por rol', querystring: usersQuery,
      response: { 200: z.array(publicUser), 403: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const { role, career_id, search } = request.query;
    if (role !== undefined && !canManageUserOfRole(actor, role)) throw forbidden();
    let q = app.db.selectFrom('users').select(USER_COLUMNS);
    if (role !== undefined) q = q.where('users.role', '=', role);
    else if (actor.role !== ROLE.ADMIN) q = q.where('users.role', 'in', [ROLE.TEACHER, ROLE.STUDENT]);
    if (career_id !== undefined) {
      q = q.where('users.id', 'in', app.db.selectFrom('user_careers').select('user_id').where('career_id', '=', career_id));
    }
    if (search?.trim()) {
      const like = `%${search.trim().toLowerCase()}%`;
      q = q.where((eb) => eb.or([
        eb(eb.fn('lower', ['users.full_name']), 'like', like),
        eb(eb.fn('lower', ['users.email']), 'like', like),
        eb(eb.fn('lower', ['users.controlnumber']), 'like', like),
      ]));
    }
    const users = sortByName(await q.execute(), (u) => u.full_name);
    const careers = await careersByUser(app.db, users.map((u) => u.id));
    return users.map((u) => presentUser(u, careers.get(u.id)));
  });

  app.get('/users/:id', {
    preHandler: app.guard(),
    schema: {
      tags: ['users'], summary: 'Un usuario con sus carreras y asignaciones', params: idParam,
      response: { 200: userDetail, 403: errorResponse, 404: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const user = await findUserById(app.db, request.params.id);
    if (!user) throw notFound('Usuario no encontrado.');
    if (!canReadUser(actor, user)) throw forbidden();
    const careers = await careersByUser(app.db, [user.id]);
    const assignments = user.role === ROLE.TEACHER ? await listAssignments(app.db, { userId: user.id }) : [];
    return { ...presentUser(user, careers.get(user.id)), professor_subjects: assignments };
  });

  app.post('/users', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['users'], summary: 'Crea un usuario', body: userCreateBody,
      response: { 201: publicUser, 403: errorResponse, 422: errorResponse },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const body = request.body;
    if (!canManageUserOfRole(actor, body.role)) throw forbidden();
    if (body.role === ROLE.CHIEF && !body.career_id) throw fieldError('career_id', 'Selecciona una carrera.');
    if (body.career_id) await assertCareer(body.career_id);
    if (await emailTakenByOther(app.db, body.email, null)) throw fieldError('email', MSG.emailTaken);
    const passwordHash = await hashPassword(newAccountPassword(body));
    const now = nowIso();
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('users').values({
        full_name: body.full_name, email: body.email, password_hash: passwordHash, role: body.role,
        controlnumber: body.controlnumber, gender: body.gender, photo: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      if (body.career_id) await trx.insertInto('user_careers').values({ user_id: row.id, career_id: body.career_id }).execute();
      await audit(trx, { userId: actor.id, action: 'user.create', entity: 'users', entityId: row.id, details: { role: body.role } });
      return row.id;
    });
    const user = await findUserById(app.db, id);
    const careers = await careersByUser(app.db, [id]);
    return reply.code(201).send(presentUser(user!, careers.get(id)));
  });

  app.put('/users/:id', {
    preHandler: app.guard(),
    schema: {
      tags: ['users'], summary: 'Actualiza un usuario (o el propio perfil)', params: idParam, body: userUpdateBody,
      response: { 200: publicUser, 403: errorResponse, 404: errorResponse, 422: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const target = await findUserById(app.db, request.params.id);
    if (!target) throw notFound('Usuario no encontrado.');
    const self = actor.id === target.id;
    const manages = !self && canManageUserOfRole(actor, target.role);
    if (!self && !manages) throw forbidden();
    const body = request.body;
    if (await emailTakenByOther(app.db, body.email, target.id)) throw fieldError('email', MSG.emailTaken);

    // Editing one's own profile changes name and e-mail only; managers change the rest of someone else's.
    const update: Record<string, unknown> = { full_name: body.full_name, email: body.email, updated_at: nowIso() };
    if (self && body.photo !== undefined) update.photo = body.photo;
    if (manages) {
      if (body.role !== undefined && !canManageUserOfRole(actor, body.role)) throw forbidden();
      if (body.controlnumber !== undefined) update.controlnumber = body.controlnumber;
      if (body.gender !== undefined) update.gender = body.gender;
      if (body.role !== undefined) update.role = body.role;
      if (body.password?.trim()) update.password_hash = await hashPassword(padPassword(body.password.trim()));
      if (body.career_id) await assertCareer(body.career_id);
    }
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set(update).where('id', '=', target.id).execute();
      if (manages && body.career_id) {
        await trx.deleteFrom('user_careers').where('user_id', '=', target.id).execute();
        await trx.insertInto('user_careers').values({ user_id: target.id, career_id: body.career_id }).execute();
      }
      if (manages && update.password_hash) await deleteOtherTokens(trx, target.id, null);
      await audit(trx, { userId: actor.id, action: self ? 'profile.update' : 'user.update', entity: 'users', entityId: target.id });
    });
    const user = await findUserById(app.db, target.id);
    const careers = await careersByUser(app.db, [target.id]);
    return presentUser(user!, careers.get(target.id));
  });

  app.delete('/users/:id', {
    preHandler: app.guard(canManageCatalogues),
    schema: {
      tags: ['users'], summary: 'Elimina un usuario', params: idParam,
      response: { 200: okResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const target = await findUserById(app.db, request.params.id);
    if (!target) throw notFound('Usuario no encontrado.');
    if (target.id === actor.id) throw conflict('No puedes eliminar tu propia cuenta.');
    if (!canManageUserOfRole(actor, target.role)) throw forbidden();
    try {
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', target.id).execute();
        await audit(trx, { userId: actor.id, action: 'user.delete', entity: 'users', entityId: target.id, details: { email: target.email } });
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) {
        throw conflict('El usuario tiene asignaciones, calificaciones u otros registros y no puede eliminarse.');
      }
      throw err;
    }
    return { message: 'Usuario eliminado.' };
  });

  app.post('/users/:id/password', {
    preHandler: app.guard(),
    schema: {
      tags: ['users'], summary: 'Cambia la contraseña propia', params: idParam, body: passwordChangeBody,
      response: { 200: okResponse, 403: errorResponse, 422: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    if (actor.id !== request.params.id) throw forbidden();
    const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', actor.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, request.body.current_password))) {
      throw fieldError('current_password', MSG.currentPasswordWrong);
    }
    const hash = await hashPassword(request.body.password);
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, updated_at: nowIso() }).where('id', '=', actor.id).execute();
      // Other devices must sign in again with the new password.
      await deleteOtherTokens(trx, actor.id, request.tokenHash);
      await audit(trx, { userId: actor.id, action: 'password.change', entity: 'users', entityId: actor.id });
    });
    return { message: MSG.passwordChanged };
  });

  app.get('/usersessions', {
    preHandler: app.guard(),
    schema: {
      tags: ['users'], summary: 'Historial de inicios de sesión', querystring: z.object({ user_id: idField().optional() }),
      response: { 200: z.array(userSession), 403: errorResponse },
    },
  }, async (request) => {
    const actor = actorOf(request);
    const userId = request.query.user_id ?? actor.id;
    if (userId !== actor.id && actor.role !== ROLE.ADMIN) throw forbidden();
    return listSessions(app.db, userId, 100);
  });

  app.post('/usersessions', {
    preHandler: app.guard(),
    schema: {
      tags: ['users'], summary: 'Registra un inicio de sesión del usuario actual', body: userSessionBody,
      response: { 201: okResponse },
    },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const agent = request.body.user_agent ?? request.headers['user-agent'] ?? null;
    await insertSession(app.db, actor.id, nowIso(), agent?.slice(0, 500) ?? null, request.ip);
    return reply.code(201).send({ message: 'Sesión registrada.' });
  });
};
