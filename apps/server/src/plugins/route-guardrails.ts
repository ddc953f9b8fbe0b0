import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '@egreso/domain';
import { guardPredicate, isGuard, type GuardHook } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (login, health); every other /api route carries app.guard(...). */
    public?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route the app declares, in registration order (the hostile-input test checks it covers them). */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  /** The guard's role predicate: null on public routes and on routes open to any signed-in user. */
  allow: ((actor: Actor) => boolean) | null;
  /** The parts of the request the route validates, hence the parts a client can send hostile values in. */
  input: { params: boolean; querystring: boolean; body: boolean };
  schema: FastifySchema;
}

// @fastify/swagger-ui registers these; its options have no place for a route config.
const DOCS_PREFIX = '/api/docs';

function guardsIn(hooks: unknown): GuardHook[] {
  return (hooks === undefined ? [] : [hooks].flat()).filter((fn) => isGuard(fn));
}

/**
 * Refuses to build an app with an /api route that neither checks the session (app.guard(...) as an onRequest hook,
 * so that who asks is known before the body is read: DESIGN §5, Who you are first) nor says it is public
 * (config: { public: true }), and records every /api route with the input it takes and the roles it allows.
 * Registered first, so it sees every route added after it.
 */
export const routeGuardrailsPlugin = fp(async (app: FastifyInstance) => {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    const name = `${methods.join(',')} ${route.url}`;
    const isPublic =
      route.config?.public === true || route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
    if (guardsIn(route.preHandler).length > 0 || guardsIn(route.preValidation).length > 0) {
      throw new Error(`${name} checks the session after reading the body; declare it as onRequest: app.guard(...).`);
    }
    const guards = guardsIn(route.onRequest);
    if (guards.length > 1) throw new Error(`${name} has more than one guard; keep one.`);
    const guarded = guards.length === 1;
    if (!guarded && !isPublic) {
      throw new Error(
        `${name} has neither a guard (onRequest: app.guard(...)) nor a public mark (config: { public: true }).`,
      );
    }
    if (guarded && route.config?.public === true) {
      throw new Error(`${name} has both a guard and a public mark; keep the one it needs.`);
    }
    const schema = route.schema ?? {};
    // HEAD mirrors a GET (Fastify adds one per GET) and carries no body.
    for (const method of methods.filter((m) => m !== 'HEAD')) {
      routes.push({
        method,
        url: route.url,
        public: isPublic,
        allow: guards[0] ? guardPredicate(guards[0]) : null,
        input: {
          params: schema.params !== undefined,
          querystring: schema.querystring !== undefined,
          body: schema.body !== undefined,
        },
        schema,
      });
    }
  });
});
