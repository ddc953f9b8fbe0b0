import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { MSG } from '@egreso/domain';

/**
 * Serves the built SPA under /app/ (client routes fall back to index.html) and sends / to /app/.
 * Unknown /api paths answer the JSON 404 of the API.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { root: string | null }) => {
  const root = opts.root && existsSync(opts.root) ? opts.root : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/app/',
      index: 'index.html',
      wildcard: true,
      // Cache headers are set below, per file kind.
      cacheControl: false,
      // The build writes .br/.gz siblings; browsers that accept them get the compressed file.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; index.html must always be revalidated.
        if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/app/'));
  app.get('/app', { schema: { hide: true } }, (_req, reply) => reply.redirect('/app/'));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) return reply.code(404).send({ message: MSG.routeNotFound });
    if (root && (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/app/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
    }
    if (request.method === 'GET' && !request.url.startsWith('/app/')) return reply.redirect('/app/');
    return reply.code(404).send({ message: MSG.routeNotFound });
  });
});
