import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, errorResponse, loginBody, loginResponse, okResponse, publicUser } from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import { findUserByEmail, updatePasswordHash } from '../users/users.repository.js';
import { presentUser } from '../users/present.js';
import { findLockout } from './login.repository.js';
import { recordLoginFailure, startSession } from './auth.service.js';
import { deleteToken } from './tokens.repository.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', {
    config: { public: true },
    schema: {
      tags: ['auth'],
      summary: 'Inicia sesión y entrega un token',
      body: loginBody,
      response: { 200: loginResponse, 401: errorResponse, 422: errorResponse, 429: errorResponse },
    },
  }, async (request) => {
    const { email, password } = request.body;
    const lockout = await findLockout(app.db, email);
    if (lockout && lockout.locked_until > nowIso()) throw tooManyRequests(MSG.lockedOut);

    const user = await findUserByEmail(app.db, email);
    const ok = user ? await verifyPassword(user.password_hash, password) : (await burnVerify(password), false);
    if (!user || !ok) {
      const locked = await app.db.transaction().execute((trx) => recordLoginFailure(trx, email, request.ip, user?.id ?? null));
      if (locked) request.log.warn({ email, ip: request.ip }, 'login locked after repeated failures');
      throw unauthorized(MSG.invalidCredentials);
    }
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    // An imported account's initial password moves to argon2 on its first sign-in.
    const upgraded = needsRehash(user.password_hash) ? await hashPassword(password) : null;
    const token = await app.db.transaction().execute(async (trx) => {
      if (upgraded) await updatePasswordHash(trx, user.id, upgraded);
      return startSession(trx, user.id, email, userAgent, request.ip);
    });
    return { token, user: { id: user.id, full_name: user.full_name, name: user.full_name, email: user.email, rol: user.role } };
  });

  app.post('/logout', {
    preHandler: app.guard(),
    schema: { tags: ['auth'], summary: 'Cierra la sesión y revoca el token', response: { 200: okResponse, 401: errorResponse } },
  }, async (request) => {
    if (request.tokenHash) await deleteToken(app.db, request.tokenHash);
    return { message: MSG.loggedOut };
  });

  app.get('/me', {
    preHandler: app.guard(),
    schema: { tags: ['auth'], summary: 'Usuario de la sesión', response: { 200: publicUser, 401: errorResponse } },
  }, async (request) => presentUser(actorOf(request)));

  // Liveness: the process answers. A proxy or supervisor restarts a process that stops answering it.
  app.get('/health', {
    config: { public: true },
    schema: { tags: ['health'], summary: 'El proceso responde', response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => ({ status: 'ok' as const }));

  // Readiness: the database answers; a load balancer sends requests only to ready processes (a closing one answers 503).
  app.get('/ready', {
    config: { public: true },
    schema: { tags: ['health'], summary: 'El servicio está listo: la base de datos responde', response: { 200: z.object({ status: z.literal('ok') }), 503: errorResponse } },
  }, async (_request, reply) => {
    try {
      await app.db.selectFrom('semesters').select('id').limit(1).execute();
      return { status: 'ok' as const };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ message: 'Base de datos no disponible' });
    }
  });
};
