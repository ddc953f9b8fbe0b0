import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, type Actor, type UserRecord } from '@egreso/domain';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { nowIso } from '../lib/time.js';
import { deleteTokenById, findUserByTokenHash, hashToken, touchToken } from '../modules/accounts/index.js';

/** The signed-in user: the shared user record, which is also an Actor for permission predicates. */
export type AuthUser = UserRecord & Actor;

declare module 'fastify' {
  interface FastifyRequest {
    actor: AuthUser | null;
    tokenHash: string | null;
    /** The signed-in user still has to change a password someone else set (DESIGN §5, First sign-in). */
    mustChangePassword: boolean;
  }
  interface FastifyContextConfig {
    /** The route serves a user who must first change their password: /me, the password change and logout. */
    beforePasswordChange?: boolean;
  }
  interface FastifyInstance {
    /**
     * onRequest: a valid token is required, and the predicate (if any) must allow the signed-in user. It runs before
     * the body is read, parsed or validated (DESIGN §5, Who you are first): anonymous 401, wrong role 403, then the rest.
     */
    guard(allow?: (actor: Actor) => boolean): GuardHook;
    /** The sessions' absolute and idle lifetimes (SESSION_MAX_HOURS, SESSION_IDLE_MINUTES). */
    sessionLimits: { maxMs: number; idleMs: number };
  }
}

const GUARD = Symbol('guard');

/** An onRequest hook made by app.guard(...), carrying its role predicate (the route list records it). */
export type GuardHook = onRequestAsyncHookHandler & { [GUARD]: { allow: ((actor: Actor) => boolean) | null } };

/** True for a hook made by app.guard(...): the route guardrail recognises guarded routes by it. */
export function isGuard(fn: unknown): fn is GuardHook {
  return typeof fn === 'function' && typeof (fn as { [GUARD]?: unknown })[GUARD] === 'object';
}

/** The role predicate of a guard (null: any signed-in user). */
export function guardPredicate(fn: GuardHook): ((actor: Actor) => boolean) | null {
  return fn[GUARD].allow;
}

/** A token's last use is written at most once a minute, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export function actorOf(request: FastifyRequest): AuthUser {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export interface AuthOptions {
  /** Absolute lifetime of a token, whatever its use (SESSION_MAX_HOURS). */
  sessionMaxMs: number;
  /** Time without use that ends a token (SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  app.decorate('sessionLimits', { maxMs: options.sessionMaxMs, idleMs: options.sessionIdleMs });
  app.decorateRequest('actor', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('mustChangePassword', false);

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    const tokenHash = hashToken(match[1]);
    const row = await findUserByTokenHash(app.db, tokenHash);
    if (!row) throw unauthorized();
    // Compared as numbers: formatting two cut-off dates cost more than the rest of the check on every request.
    const now = Date.now();
    const idleMs = now - Date.parse(row.last_used_at);
    if (idleMs > options.sessionIdleMs) {
      await deleteTokenById(app.db, row.token_id);
      throw unauthorized('La sesión expiró por inactividad. Inicia sesión de nuevo.');
    }
    if (now - Date.parse(row.token_created_at) > options.sessionMaxMs) {
      await deleteTokenById(app.db, row.token_id);
      throw unauthorized('La sesión expiró. Inicia sesión de nuevo.');
    }
    if (idleMs > TOUCH_EVERY_MS) await touchToken(app.db, row.token_id, nowIso());
    const {
      token_id: _tokenId,
      last_used_at: _lastUsed,
      token_created_at: _created,
      must_change_password: mark,
      ...user
    } = row;
    request.actor = user;
    request.tokenHash = tokenHash;
    request.mustChangePassword = mark === 1;
    return user;
  }

  app.decorate('guard', (allow?: (actor: Actor) => boolean): GuardHook => {
    const guard: onRequestAsyncHookHandler = async (request) => {
      const actor = request.actor ?? (await authenticate(request));
      // One place for the first-sign-in rule: until the password is changed, only the routes marked for it answer.
      if (request.mustChangePassword && request.routeOptions.config.beforePasswordChange !== true) {
        throw forbidden(MSG.mustChangePassword);
      }
      if (allow && !allow(actor)) throw forbidden();
    };
    return Object.assign(guard, { [GUARD]: { allow: allow ?? null } });
  });
});
