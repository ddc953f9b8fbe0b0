import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.js';

const KiB = 1024;

/**
 * Body limits by what a route takes (bytes of the request body). Every /api route gets `small` unless it declares
 * its own `bodyLimit`; the few that take lists choose the smallest one that holds their largest legitimate body.
 * Files (multipart) are limited by plugins/uploads.ts instead.
 */
export const BODY_LIMITS = {
  /** A form: login, password change, a catalogue row (its longest text has 1,000 characters of 3 bytes at most). */
  small: 16 * KiB,
  /** A form of several long texts (an improvement action: cause, action and note of 2,000 characters each). */
  texts: 64 * KiB,
  /** Two lists of at most 2,000 ids (grade reads). */
  ids: 64 * KiB,
  /** A grade save (at most 5,000 cells of about 90 bytes) or an activities save (at most 200 activities). */
  batch: 512 * KiB,
  /** Observations (at most 500 texts of 2,000 characters); the server's own limit. */
  large: 1024 * KiB,
} as const;

/** Deepest nesting of objects and arrays a JSON body may have; the deepest legitimate body has 4 levels. */
export const MAX_JSON_DEPTH = 16;

export const TOO_DEEP = `El cuerpo de la solicitud tiene demasiados niveles anidados (máximo ${MAX_JSON_DEPTH}).`;

/** '16 KB', '1 MB': a body limit as the refusal states it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * KiB && bytes % (1024 * KiB) === 0
    ? `${bytes / (1024 * KiB)} MB`
    : `${Math.ceil(bytes / KiB)} KB`;
}

/**
 * Whether a JSON text nests objects and arrays deeper than `cap`, read in one pass over its characters (strings are
 * skipped). Runs before JSON.parse, which spends a quarter of a second on a 1 MB array nested 500,000 deep.
 */
export function nestsDeeperThan(text: string, cap: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, stepping over escapes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > cap) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Small body limits for every /api route that does not choose its own, and a JSON parser that refuses a body nested
 * deeper than MAX_JSON_DEPTH (400, Spanish) before parsing it; the parsing itself is Fastify's (prototype poisoning
 * refused). Registered before the routes, so that it sees them.
 */
export const bodyLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) return;
    route.bodyLimit ??= BODY_LIMITS.small;
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, TOO_DEEP), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
});
