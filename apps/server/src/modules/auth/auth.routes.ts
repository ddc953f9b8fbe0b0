import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  closedSessionsMessage,
  closedSessionsResponse,
  loginBody,
  loginResponse,
  meResponse,
  okResponse,
} from '@egreso/domain';
import { actorOf } from '../../plugins/auth.js';
import { pingDatabase } from '../../db/lookups.js';
import { forbidden, unauthorized, errorResponses } from '../../lib/http-errors.js';
import { hashPassword, initialPasswordExpired, needsRehash } from '../../lib/passwords.js';
import { institutionTimeZone } from '../../lib/time.js';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import { findUserByEmail, updatePasswordHash, presentUser, deleteOtherTokens, deleteToken } from '../accounts/index.js';
import { signedInUser, startSession, throttledCheck } from './auth.service.js';
import { deviceCookie, knownDevice } from './device.js';
import { audit } from '../../lib/audit.js';
import { passwordRefused } from './oidc.js';
import { pendingEmail } from './mail-links.js';
import type { RouteApp } from '../../lib/route-app.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLogin(app);
  registerLogout(app);
  registerMe(app);
  registerHealth(app);
};

function registerLogin(app: RouteApp): void {
  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión y entrega un token',
        body: loginBody,
        response: {
          200: loginResponse,
          ...errorResponses(401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (passwordRefused(app.oidc, app.adminEmail, email)) throw forbidden(MSG.oidcRequired);
      const user = await findUserByEmail(app.db, email);
      // A browser that signed in to this account before is counted apart from its address (DESIGN §5).
      const device = knownDevice(request.headers.cookie, user);
      const subject = { email, ip: request.ip, device };
      if (!(await throttledCheck(app.throttle, subject, user?.password_hash, password)) || !user) {
        throw unauthorized(MSG.invalidCredentials);
      }
      // An unclaimed one-time password is refused once INITIAL_PASSWORD_DAYS have passed (asked only when right).
      if (initialPasswordExpired(user.password_hash)) throw unauthorized(MSG.initialPasswordExpired);
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      // An imported account's initial password moves to argon2 on its first sign-in.
      const upgraded = needsRehash(user.password_hash) ? await hashPassword(password) : null;
      const token = await app.db.transaction().execute(async (trx) => {
        if (upgraded) await updatePasswordHash(trx, user.id, upgraded);
        return startSession(trx, user.id, userAgent, request.ip, app.sessionLimits.idleMs);
      });
      const passwordHash = upgraded ?? user.password_hash;
      reply.header(
        'set-cookie',
        deviceCookie(
          request.headers.cookie,
          { id: user.id, password_hash: passwordHash },
          request.protocol === 'https',
        ),
      );
      return { token, user: signedInUser(user), must_change_password: user.must_change_password === 1 };
    },
  );
}

/** Closes the current session, or the account's other sessions. */
function registerLogout(app: RouteApp): void {
  app.post(
    '/logout',
    {
      onRequest: app.guard(),
      config: { beforePasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: 'Cierra la sesión y revoca el token',
        response: { 200: okResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      if (request.tokenHash) await deleteToken(app.db, request.tokenHash);
      return { message: MSG.loggedOut };
    },
  );

  app.post(
    '/logout-others',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['auth'],
        summary: 'Cierra las demás sesiones de la cuenta; la actual sigue abierta',
        response: { 200: closedSessionsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const closed = await app.db.transaction().execute(async (trx) => {
        const n = await deleteOtherTokens(trx, actor.id, request.tokenHash);
        if (n > 0)
          await audit(trx, {
            userId: actor.id,
            action: 'sessions.close_others',
            entity: 'users',
            entityId: actor.id,
            details: { closed: n },
          });
        return n;
      });
      return { message: closedSessionsMessage(closed), closed };
    },
  );
}

function registerMe(app: RouteApp): void {
  app.get(
    '/me',
    {
      onRequest: app.guard(),
      config: { beforePasswordChange: true },
      // Asked on every page: its few hundred bytes are never compressed, and its serializer is compiled.
      compress: false,
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['auth'],
        summary: 'Usuario de la sesión y zona horaria de la institución',
        response: { 200: meResponse, ...errorResponses(401) },
      },
    },
    // Answered without a promise when there is nothing to wait for: only with mail can an e-mail change wait for its
    // confirmation.
    (request) => {
      const actor = actorOf(request);
      const answer = {
        ...presentUser(actor),
        time_zone: institutionTimeZone(),
        must_change_password: request.mustChangePassword,
      };
      if (!app.mail) return answer;
      return pendingEmail(app.db, actor.id).then((pending) => ({ ...answer, pending_email: pending }));
    },
  );
}

/** Liveness and readiness of the service. */
function registerHealth(app: RouteApp): void {
  // Liveness: the process answers. A proxy or supervisor restarts a process that stops answering it.
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'El proceso responde',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database answers; a load balancer sends requests only to ready processes (a closing one answers 503).
  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'El servicio está listo: la base de datos responde',
        response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch (err) {
        app.log.error({ err }, 'readiness check failed');
        return reply.code(503).send({ message: 'Base de datos no disponible' });
      }
    },
  );
}
