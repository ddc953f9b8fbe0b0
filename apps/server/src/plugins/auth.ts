import type { FastifyError, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, type Actor, type UserRecord } from '@egreso/domain';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { nowIso } from '../lib/time.js';
import {
  deleteTokenById,
  findUserByTokenHash,
  findUserByTokenHashAtOnce,
  hashToken,
  touchToken,
} from '../modules/accounts/index.js';

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
export type GuardHook = onRequestHookHandler & { [GUARD]: { allow: ((actor: Actor) => boolean) | null } };

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

type TokenRow = NonNullable<Awaited<ReturnType<typeof findUserByTokenHash>>>;

/** The hash of the request's bearer token; 401 without one. */
function bearerHash(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized();
  return hashToken(match[1]);
}

/** Why the token's session has ended (null: it has not), and whether its last use is due to be written. */
function judge(row: TokenRow, options: AuthOptions): { ended: string | null; touch: boolean } {
  // Compared as numbers: formatting two cut-off dates cost more than the rest of the check on every request.
  const now = Date.now();
  const idleMs = now - Date.parse(row.last_used_at);
  if (idleMs > options.sessionIdleMs)
    return { ended: 'La sesión expiró por inactividad. Inicia sesión de nuevo.', touch: false };
  if (now - Date.parse(row.token_created_at) > options.sessionMaxMs) {
    return { ended: 'La sesión expiró. Inicia sesión de nuevo.', touch: false };
  }
  return { ended: null, touch: idleMs > TOUCH_EVERY_MS };
}

/** The request is the token's user from here on. */
function adopt(request: FastifyRequest, row: TokenRow, tokenHash: string): AuthUser {
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

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  tokenHash: string,
  options: AuthOptions,
): Promise<AuthUser> {
  const row = await findUserByTokenHash(app.db, tokenHash);
  if (!row) throw unauthorized();
  const { ended, touch } = judge(row, options);
  if (ended) {
    await deleteTokenById(app.db, row.token_id);
    throw unauthorized(ended);
  }
  if (touch) await touchToken(app.db, row.token_id, nowIso());
  return adopt(request, row, tokenHash);
}

/**
 * The same check without a promise, when the token's row can be read at once (SQLite outside a transaction, see
 * readAtOnce) and the session needs no write: the common case of every signed-in request. Null: use authenticate.
 */
function authenticateAtOnce(
  app: FastifyInstance,
  request: FastifyRequest,
  tokenHash: string,
  options: AuthOptions,
): AuthUser | null {
  const row = findUserByTokenHashAtOnce(app.db, tokenHash);
  if (row === null) return null;
  if (!row) throw unauthorized();
  const { ended, touch } = judge(row, options);
  return ended || touch ? null : adopt(request, row, tokenHash);
}

/** What the route asks of the signed-in user: a changed password (DESIGN §5, First sign-in), then its role. */
function admit(request: FastifyRequest, actor: AuthUser, allow: ((actor: Actor) => boolean) | undefined): void {
  // One place for the first-sign-in rule: until the password is changed, only the routes marked for it answer.
  if (request.mustChangePassword && request.routeOptions.config.beforePasswordChange !== true) {
    throw forbidden(MSG.mustChangePassword);
  }
  if (allow && !allow(actor)) throw forbidden();
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  app.decorate('sessionLimits', { maxMs: options.sessionMaxMs, idleMs: options.sessionIdleMs });
  app.decorateRequest('actor', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('mustChangePassword', false);

  app.decorate('guard', (allow?: (actor: Actor) => boolean): GuardHook => {
    // A callback hook: when the check needs no wait (authenticateAtOnce), no promise is made.
    const guard: onRequestHookHandler = (request, _reply, done) => {
      let actor = request.actor;
      let tokenHash = '';
      try {
        if (!actor) {
          tokenHash = bearerHash(request);
          actor = authenticateAtOnce(app, request, tokenHash, options);
        }
        if (actor) admit(request, actor, allow);
      } catch (error) {
        done(error as FastifyError);
        return;
      }
      if (actor) {
        done();
        return;
      }
      authenticate(app, request, tokenHash, options)
        .then((user) => admit(request, user, allow))
        .then(
          () => done(),
          (error: FastifyError) => done(error),
        );
    };
    return Object.assign(guard, { [GUARD]: { allow: allow ?? null } });
  });
});
