import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Runs helmet once against a recording response and returns the headers it sets. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The headers that protect a JSON answer; the others (COOP, DNS prefetch, legacy IE and Flash ones) act on documents. */
const API_HEADERS = [
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Referrer-Policy',
  'Cross-Origin-Resource-Policy',
];
/** A JSON answer loads nothing: its policy forbids plugins and framing, whatever the document policy allows. */
const API_CSP = "default-src 'self';script-src 'self';object-src 'none';frame-ancestors 'none'";

/**
 * The headers of API answers, from the document's set: the JSON ones and a short CSP. Every byte of headers is
 * written on every request; helmet's full set is about 600 bytes, three times the /api/me body.
 */
export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  // API answers carry personal data: no browser or shared cache keeps them.
  const headers: Record<string, string> = { 'content-security-policy': API_CSP, 'cache-control': 'no-store' };
  for (const name of API_HEADERS) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  return headers;
}

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sets helmet's security headers (see helmetHeaders), computed once at startup: @fastify/helmet rebuilds helmet
 * (and re-parses the CSP) on every request, which cost about a third of GET /api/me's time. API answers get the
 * smaller set of apiHeaders; the SPA and the API docs (HTML) get them all.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { headers }: { headers: Record<string, string> }) => {
    const document = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    const api = apiHeaders(headers);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApi(request.url) ? api : document);
      done();
    });
  },
);
