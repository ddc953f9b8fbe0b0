import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { MSG } from '@egreso/domain';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-errors.js';
import { MAX_JSON_DEPTH, TOO_DEEP, sizeText } from './body-limits.js';

const BODY_NOT_OBJECT = 'El cuerpo de la solicitud debe ser un objeto JSON con los campos del formulario.';
// A body's limit is its route's (plugins/body-limits.ts); files have their own, larger limit.
const bodyTooLarge = (limit: number) => `La solicitud excede el tamaño máximo permitido (${sizeText(limit)}).`;

function fieldOf(instancePath: string, missingProperty: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  return typeof missingProperty === 'string' ? missingProperty : '_';
}

const BODY_LENGTH_MISMATCH = 'El cuerpo de la solicitud no coincide con el tamaño declarado.';
const BAD_URL = 'La dirección solicitada no es válida.';
const URL_PART_TOO_LONG = 'Un dato de la dirección solicitada es demasiado largo.';
const HEADERS_TOO_LARGE = 'Los encabezados de la solicitud son demasiado grandes.';
const BAD_REQUEST = 'La solicitud está mal formada.';
const TIMEOUT = 'La solicitud tardó demasiado en llegar.';
const NUL_IN_TEXT = 'El texto contiene caracteres no permitidos.';
const NUMBER_OUT_OF_RANGE = 'Un número o identificador está fuera del rango permitido.';
// PostgreSQL data exceptions a hostile value can still reach: integer out of range, a character it cannot store.
const PG_OUT_OF_RANGE = '22003';
const PG_BAD_CHARACTER = new Set(['22021', '22P05']);

/** A parsed JSON object or query string (whose parser makes an object over a null-prototype one), not a file or stream. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

function isEmptyRecord(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  for (const _key in value) return false;
  return true;
}

/** At most this many fields are named in one refusal of NUL characters: the answer stays small whatever the body. */
const NUL_FIELDS_SHOWN = 100;

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
  depth: number;
}

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.') || '_';
};

/**
 * Paths (as validation reports them: 'a.b.0') of the strings holding a NUL character, which PostgreSQL cannot store,
 * in document order and at most NUL_FIELDS_SHOWN. Walks with its own stack (a recursive walk overflowed the call stack
 * on an object nested 10,000 deep) and refuses nesting deeper than MAX_JSON_DEPTH.
 */
export function nulPaths(value: unknown): string[] {
  // Most requests carry nothing to walk (no body, no parameters): answered without allocating a walk.
  if (value === undefined || value === null || isEmptyRecord(value)) return [];
  const found: string[] = [];
  const stack: Visit[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0 && found.length < NUL_FIELDS_SHOWN) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(pathOf(visit));
      continue;
    }
    const children = Array.isArray(v)
      ? v.map((item, i) => [String(i), item] as const)
      : isPlainRecord(v)
        ? Object.entries(v)
        : null;
    if (!children) continue;
    if (visit.depth >= MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP);
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ value: children[i]![1], key: children[i]![0], parent: visit, depth: visit.depth + 1 });
    }
  }
  return found;
}

/** The errors per field of a request its route's schema refused. */
function schemaErrors(error: Omit<FastifyError, 'validation'> & { validation: ZodFastifySchemaValidationError[] }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field = fieldOf(issue.instancePath, (issue.params as Record<string, unknown>)?.missingProperty);
    // zod's own wording for a body that is not an object ("se esperaba objeto, recibido nulo") is not clear to a user.
    const wholeBodyWrong = field === '_' && issue.keyword === 'invalid_type' && error.validationContext === 'body';
    (errors[field] ??= []).push(wholeBodyWrong ? BODY_NOT_OBJECT : (issue.message ?? MSG.validation));
  }
  return errors;
}

/** Answers a write the database refused (a constraint, a value it cannot store); null for any other error. */
function sendDatabaseRefusal(error: FastifyError, reply: FastifyReply): FastifyReply | null {
  const code = error.code;
  if (isUniqueViolation(error)) {
    return reply.code(409).send({ message: 'Ya existe un registro con esos datos.' });
  }
  if (isForeignKeyViolation(error)) {
    return reply
      .code(409)
      .send({ message: 'El registro está relacionado con otros datos y no puede modificarse ni eliminarse.' });
  }
  if (code === PG_OUT_OF_RANGE) {
    return reply.code(422).send({ message: NUMBER_OUT_OF_RANGE, errors: { _: [NUMBER_OUT_OF_RANGE] } });
  }
  if (code && PG_BAD_CHARACTER.has(code)) {
    return reply.code(422).send({ message: NUL_IN_TEXT, errors: { _: [NUL_IN_TEXT] } });
  }
  if (isCheckViolation(error)) {
    return reply.code(422).send({ message: MSG.validation });
  }
  return null;
}

/**
 * One error shape for the whole API: {message} in Spanish, plus errors per field on 422.
 * A 5xx is logged with its context and answered with a generic message, never with internals.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = schemaErrors(error);
    const first = Object.values(errors)[0]?.[0];
    return reply.code(422).send({ message: first ?? MSG.validation, errors });
  }
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply
      .code(error.statusCode)
      .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  const refused = sendDatabaseRefusal(error, reply);
  if (refused) return refused;
  const code = error.code;
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send({ message: MSG.internal });
  }
  const status = error.statusCode ?? 500;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ message: bodyTooLarge(request.routeOptions.bodyLimit) });
  }
  if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.code(413).send({ message: MSG.payloadTooLarge });
  }
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (status === 400 && error instanceof SyntaxError)
  ) {
    return reply.code(400).send({ message: MSG.badJson });
  }
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return reply.code(400).send({ message: BODY_LENGTH_MISMATCH });
  }
  if (code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ message: BAD_URL });
  }
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ message: URL_PART_TOO_LONG });
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ message: 'Tipo de contenido no admitido.' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: status === 404 ? MSG.notFound : MSG.validation });
  }
  request.log.error({ err: error, url: request.url, method: request.method }, 'unhandled error');
  return reply.code(500).send({ message: MSG.internal });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);
  // A NUL stores on SQLite but breaks PostgreSQL: refuse it on both, per field, before any schema or query sees it.
  // A callback hook, not an async one: every request runs it, and an async hook costs a promise and a turn of the
  // microtask queue even when there is nothing to check.
  app.addHook('preValidation', (request, _reply, done) => {
    let refusal: unknown = null;
    try {
      const fields = [...nulPaths(request.params), ...nulPaths(request.query), ...nulPaths(request.body)];
      if (fields.length > 0) {
        refusal = new HttpError(422, NUL_IN_TEXT, Object.fromEntries(fields.map((f) => [f, [NUL_IN_TEXT]])));
      }
    } catch (error) {
      // A body nested too deep (TOO_DEEP), answered by the error handler as before.
      refusal = error;
    }
    if (refusal) done(refusal as FastifyError);
    else done();
  });
});

/** Fastify's frameworkErrors option: the router's own refusals take the same path as every other error. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(error, request, reply);
}

/**
 * Fastify's clientErrorHandler: a request Node cannot even parse (headers too large, broken HTTP) is answered on the
 * socket, in Spanish and in the API's shape, instead of Fastify's English default.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', TIMEOUT]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE]
        : [400, 'Bad Request', BAD_REQUEST];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
