import compress from '@fastify/compress';
import { closeXlsxPool } from './lib/xlsx-pool.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { constants as zlibConstants } from 'node:zlib';
import { DEFAULT_TIME_ZONE } from '@egreso/domain';
import type { MailConfig, OidcConfig } from './config.js';
import { createMailer, type Mailer } from './lib/mail.js';
import type { Db, Dialect } from './db/connect.js';
import type { Database } from './db/types.js';
import { apiModules } from './modules/index.js';
import { registerMailThrottle, registerSignInThrottle } from './modules/auth/index.js';
import { authPlugin } from './plugins/auth.js';
import { bodyLimitsPlugin } from './plugins/body-limits.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { routeGuardrailsPlugin } from './plugins/route-guardrails.js';
import { apiHeaders, helmetHeaders, securityHeadersPlugin } from './plugins/security-headers.js';
import { spaPlugin } from './plugins/spa.js';
import { setInstitutionTimeZone } from './lib/time.js';
import { validatorCompiler } from './plugins/validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** The institution's name (INSTITUTION_NAME), printed on the cohort evidence. */
    institution: string;
    /** Days an unclaimed one-time password is accepted (INITIAL_PASSWORD_DAYS). */
    initialPasswordDays: number;
    /** Institutional sign-in's settings, or null when it is off. */
    oidc: OidcConfig | null;
    /** The operator's e-mail (ADMIN_EMAIL), lower-case, or null. */
    adminEmail: string | null;
    /** The institution's mail (SMTP_URL, SMTP_FROM, PUBLIC_URL), or null: links instead of one-time passwords. */
    mail: Mailer | null;
  }
}

export interface BuildOptions {
  database: Db;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA; null serves the API only. */
  webRoot?: string | null;
  institution?: string;
  /** The institution's time zone (INSTITUTION_TIME_ZONE); America/Mexico_City when not given. */
  timeZone?: string;
  /** Which proxies may name the client's address (TRUST_PROXY): none by default. */
  trustProxy?: false | number | string[];
  /** Absolute lifetime of a session in hours (SESSION_MAX_HOURS), 12 by default. */
  sessionMaxHours?: number;
  /** Minutes without use that end a session (SESSION_IDLE_MINUTES), 30 by default. */
  sessionIdleMinutes?: number;
  /** Serves /api/docs without a session (the demo); otherwise it needs one. Closed by default. */
  openDocs?: boolean;
  /** Days an unclaimed one-time password is accepted (INITIAL_PASSWORD_DAYS), 14 by default. */
  initialPasswordDays?: number;
  /** Institutional sign-in (OIDC_*); null or absent: password sign-in only. */
  oidc?: OidcConfig | null;
  /** The operator's account (ADMIN_EMAIL): it keeps password sign-in when OIDC_REQUIRED=1. */
  adminEmail?: string;
  /** Mail (SMTP_*, PUBLIC_URL): activation and reset links instead of one-time passwords; null or absent: none. */
  mail?: MailConfig | null;
}

/**
 * The server's structured log (pino, JSON lines): at info one line per request with its method, path, status and
 * time. Query values are masked (a search may carry a student's name); headers are never logged, and the
 * authorization header, cookies, passwords and tokens are censored wherever an object logged carries them.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        '*.password',
        'token',
        '*.token',
        'password_hash',
        '*.password_hash',
      ],
      censor: '[oculto]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: maskQuery(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * Fastify logs two lines per request, on arrival and on answer; one line written with the answer, with the request's
 * method and masked path beside the status and time, says the same for half the logging cost.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export function maskQuery(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?${url.slice(q + 1).replace(/=[^&]*/g, '=…')}`;
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

/** The security headers of every API answer (`bench/baseline.ts` sends the same, to compare like for like). */
export const API_ANSWER_HEADERS = apiHeaders(SECURITY_HEADERS);

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
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: 'Hoja de cálculo .xlsx (máximo 5 MB)' } },
      },
    },
  };
};

/**
 * Fastify's own hop count trusts nothing, so a count becomes proxy-addr's hop rule: the first `hops` addresses
 * counted from the connection are proxies, the next one is the client.
 */
function trustProxyOption(value: BuildOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value ?? false;
  const hops = value;
  return (_address: string, hop: number) => hop < hops;
}

/** The OpenAPI document of the routes registered after it, and Swagger UI at /api/docs. */
async function registerApiDocs(app: FastifyInstance, openDocs: boolean) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atributos de egreso API',
        version: '1.0.0',
        description: 'API del seguimiento de atributos de egreso',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: documentUploads,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Outside the demo the API's document answers a signed-in user only (the guard is decorated further down).
    ...(openDocs
      ? {}
      : { uiHooks: { onRequest: (request, reply, done) => app.guard().call(app, request, reply, done) } }),
    // Swagger UI sets a few inline styles; its scripts stay restricted to its own files.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:"),
  });
}

/** Builds the whole application: external plugins, then app plugins, then the routes. */
export async function buildApp(options: BuildOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(),
    // X-Forwarded-For is believed only from the configured proxies: anyone else could choose their own address.
    trustProxy: trustProxyOption(options.trustProxy),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false } },
    // Refusals the router makes before any route runs (a bad URL escape, an over-long parameter) answer like the rest.
    frameworkErrors: (error, request, reply) => frameworkErrors(error, request, reply.headers(SECURITY_HEADERS)),
    clientErrorHandler,
    // On close, connections are not cut at once: main.ts lets requests already sent finish or get a 503 first.
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that every route registered after it is checked.
  await app.register(routeGuardrailsPlugin);
  await app.register(bodyLimitsPlugin);
  // The spreadsheet pool's threads end with the server (the next app to read an upload starts them again).
  app.addHook('onClose', closeXlsxPool);
  app.decorate('db', options.database.db);
  app.decorate('dialect', options.database.dialect);
  app.decorate('institution', options.institution ?? 'Institución de Educación Superior');
  app.decorate('initialPasswordDays', options.initialPasswordDays ?? 14);
  app.decorate('oidc', options.oidc ?? null);
  app.decorate('adminEmail', options.adminEmail?.toLowerCase() ?? null);
  const mailer = options.mail ? createMailer(options.mail, app.log) : null;
  app.decorate('mail', mailer);
  if (mailer) app.addHook('onClose', async () => mailer.close());
  setInstitutionTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);

  await app.register(securityHeadersPlugin, { headers: SECURITY_HEADERS });
  // JSON answers of 1 KB or more go compressed (brotli 3, else gzip 1: chosen by measurement, bench/RESULTS.md) with
  // `Vary: Accept-Encoding`; the SPA's files already carry their Content-Encoding (precompressed) and are left alone.
  // Request bodies are never inflated: nothing the app accepts comes compressed.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 1 },
  });
  await registerApiDocs(app, options.openDocs ?? false);

  await app.register(errorsPlugin);
  await app.register(authPlugin, {
    sessionMaxMs: (options.sessionMaxHours ?? 12) * 3_600_000,
    sessionIdleMs: (options.sessionIdleMinutes ?? 30) * 60_000,
  });
  registerSignInThrottle(app, options.database);
  registerMailThrottle(app, options.database);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { root: options.webRoot ?? null });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
