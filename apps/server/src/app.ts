import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Db, Dialect } from './db/connect.js';
import type { Database } from './db/types.js';
import { apiModules } from './modules/index.js';
import { authPlugin } from './plugins/auth.js';
import { bodyLimitsPlugin } from './plugins/body-limits.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { routeGuardrailsPlugin } from './plugins/route-guardrails.js';
import { helmetHeaders, securityHeadersPlugin } from './plugins/security-headers.js';
import { spaPlugin } from './plugins/spa.js';
import { validatorCompiler } from './plugins/validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** The institution's name (INSTITUTION_NAME), printed on the cohort evidence. */
    institution: string;
  }
}

export interface BuildOptions {
  database: Db;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA; null serves the API only. */
  webRoot?: string | null;
  institution?: string;
}

// helmet's headers, computed once: they go on every answer, the router's own refusals included.
const SECURITY_HEADERS = helmetHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine injects its CSS variables in style elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * Upload routes read their file from multipart, so they declare no zod body; the documentation still shows the
 * 'file' field they expect.
 */
const documentUploads: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (!consumes?.includes('multipart/form-data')) return out;
  return {
    ...out,
    schema: {
      ...out.schema,
      body: {
        type: 'object', required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: 'Hoja de cálculo .xlsx (máximo 5 MB)' } },
      },
    },
  };
};

/** Builds the whole application: external plugins, then app plugins, then the routes. */
export async function buildApp(options: BuildOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false } },
    // Refusals the router makes before any route runs (a bad URL escape, an over-long parameter) answer like the rest.
    frameworkErrors: (error, request, reply) => frameworkErrors(error, request, reply.headers(SECURITY_HEADERS)),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that every route registered after it is checked.
  await app.register(routeGuardrailsPlugin);
  await app.register(bodyLimitsPlugin);
  app.decorate('db', options.database.db);
  app.decorate('dialect', options.database.dialect);
  app.decorate('institution', options.institution ?? 'Institución de Educación Superior');

  await app.register(securityHeadersPlugin, { headers: SECURITY_HEADERS });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atributos de egreso API', version: '1.0.0', description: 'API del seguimiento de atributos de egreso' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: documentUploads,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; its scripts stay restricted to its own files.
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:"),
  });

  await app.register(errorsPlugin);
  await app.register(authPlugin);

  await app.register(async (api) => {
    for (const mod of apiModules) await api.register(mod);
  }, { prefix: '/api' });

  await app.register(spaPlugin, { root: options.webRoot ?? null });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
