import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, OIDC_REFUSALS, loginResponse, oidcExchangeBody, oidcInfoResponse } from '@egreso/domain';
import { notFound, unauthorized, errorResponses } from '../../lib/http-errors.js';
import { signedInUser, startSession } from './auth.service.js';
import { cookieValue } from './device.js';
import { findAccount } from './login.repository.js';
import { OIDC_COOKIE, OIDC_PATH, OidcRefused, beginSignIn, finishSignIn, takeHandoff } from './oidc.js';
import type { RouteApp } from '../../lib/route-app.js';

const LOGIN_PAGE = '/app/login';

/** The callback's address as the provider was told it (behind a proxy, as TRUST_PROXY lets the request say). */
function redirectUri(request: FastifyRequest): string {
  // Normalised as URL does it (no default port): the same string in the request and in the code exchange.
  return new URL(`${request.protocol}://${request.host}${OIDC_PATH}/callback`).href;
}

function verifierCookie(value: string, maxAge: number, secure: boolean): string {
  const attributes = [`Max-Age=${maxAge}`, `Path=${OIDC_PATH}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${OIDC_COOKIE}=${value}`, ...attributes].join('; ');
}

/** Back to the login page with a fragment (never sent to a server, kept out of logs and Referer headers). */
function toLoginPage(reply: FastifyReply, fragment: string) {
  return reply.code(303).header('cache-control', 'no-store').redirect(`${LOGIN_PAGE}#${fragment}`, 303);
}

const callbackParam = z.string().max(2000, MSG.tooLong(2000)).optional();
const callbackQuery = z.looseObject({ code: callbackParam, state: callbackParam, error: callbackParam });

/**
 * Institutional sign-in (OpenID Connect, DESIGN §5): authorization code with PKCE (S256), state and nonce; the
 * session token reaches the web app through a one-time code it exchanges by POST.
 */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInfo(app);
  registerStart(app);
  registerCallback(app);
  registerExchange(app);
};

function registerInfo(app: RouteApp): void {
  app.get(
    '/auth/oidc',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Indica si se puede entrar con la cuenta institucional',
        response: { 200: oidcInfoResponse },
      },
    },
    async () => ({ enabled: app.oidc !== null }),
  );
}

function registerStart(app: RouteApp): void {
  app.get(
    '/auth/oidc/start',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Envía al proveedor institucional para iniciar sesión',
        response: { 303: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const oidc = app.oidc;
      if (!oidc) throw notFound();
      let started;
      try {
        started = await beginSignIn(app.db, oidc, redirectUri(request));
      } catch (err) {
        request.log.error({ err }, 'oidc provider unreachable');
        return toLoginPage(reply, 'oidc_error=failed');
      }
      reply.header('set-cookie', verifierCookie(started.verifier, started.maxAgeSeconds, request.protocol === 'https'));
      return reply.code(303).header('cache-control', 'no-store').redirect(started.url, 303);
    },
  );
}

function registerCallback(app: RouteApp): void {
  app.get(
    '/auth/oidc/callback',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Regreso del proveedor institucional',
        querystring: callbackQuery,
        response: { 303: z.null(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const oidc = app.oidc;
      if (!oidc) throw notFound();
      const query = request.url.indexOf('?');
      const callbackUrl = new URL(`${redirectUri(request)}${query < 0 ? '' : request.url.slice(query)}`);
      const verifier = cookieValue(request.headers.cookie, OIDC_COOKIE);
      // The verifier's cookie is spent whatever happens.
      reply.header('set-cookie', verifierCookie('', 0, request.protocol === 'https'));
      try {
        const code = await finishSignIn(app.db, oidc, callbackUrl, verifier, request.log);
        return toLoginPage(reply, `oidc=${code}`);
      } catch (err) {
        if (err instanceof OidcRefused) return toLoginPage(reply, `oidc_error=${err.reason}`);
        request.log.error({ err }, 'oidc callback failed');
        return toLoginPage(reply, 'oidc_error=failed');
      }
    },
  );
}

function registerExchange(app: RouteApp): void {
  app.post(
    '/auth/oidc/exchange',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Cambia el código de un solo uso por el token de la sesión',
        body: oidcExchangeBody,
        response: { 200: loginResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      if (!app.oidc) throw notFound();
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      const signedIn = await app.db.transaction().execute(async (trx) => {
        const userId = await takeHandoff(trx, request.body.code);
        if (userId === null) return null;
        const user = await findAccount(trx, userId);
        return { user, token: await startSession(trx, user.id, userAgent, request.ip, app.sessionLimits.idleMs) };
      });
      if (!signedIn) throw unauthorized(OIDC_REFUSALS.state);
      const { user, token } = signedIn;
      return {
        token,
        user: signedInUser(user),
        must_change_password: false,
      };
    },
  );
}
