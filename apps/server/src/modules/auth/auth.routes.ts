import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, MSG, TOKEN_IDLE_MS,
  errorResponse, loginBody, loginResponse, okResponse, publicUser,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import { burnVerify, verifyPassword } from '../../lib/passwords.js';
import { isoMinus, isoPlus, nowIso } from '../../lib/time.js';
import { findUserByEmail } from '../users/users.repository.js';
import { presentUser } from '../users/present.js';
import { clearFailures, countFailuresSince, findLockout, insertSession, lock, recordFailure } from './login.repository.js';
import { deleteIdleTokens, deleteToken, hashToken, insertToken, newToken } from './tokens.repository.js';

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
      const now = Date.now();
      await app.db.transaction().execute(async (trx) => {
        const windowStart = isoMinus(LOGIN_FAILURE_WINDOW_MS, now);
        await recordFailure(trx, email, request.ip, new Date(now).toISOString(), windowStart);
        const failures = await countFailuresSince(trx, email, windowStart);
        if (failures >= LOGIN_MAX_FAILURES) {
          await lock(trx, email, isoPlus(LOGIN_LOCK_MS, now));
          await audit(trx, { userId: user?.id ?? null, action: 'login.lockout', entity: 'users', entityId: user?.id, details: { email, ip: request.ip } });
          request.log.warn({ email, ip: request.ip }, 'login locked after repeated failures');
        }
      });
      throw unauthorized(MSG.invalidCredentials);
    }

    const token = newToken();
    const now = nowIso();
    await app.db.transaction().execute(async (trx) => {
      await clearFailures(trx, email);
      await deleteIdleTokens(trx, user.id, isoMinus(TOKEN_IDLE_MS));
      await insertToken(trx, user.id, hashToken(token), now);
      await insertSession(trx, user.id, now, request.headers['user-agent']?.slice(0, 500) ?? null, request.ip);
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

  app.get('/health', {
    config: { public: true },
    schema: { tags: ['health'], summary: 'Estado del servicio', response: { 200: z.object({ status: z.literal('ok') }), 503: errorResponse } },
  }, async (_request, reply) => {
    try {
      await app.db.selectFrom('semesters').select('id').limit(1).execute();
      return { status: 'ok' as const };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.code(503).send({ message: 'Base de datos no disponible' });
    }
  });
};
