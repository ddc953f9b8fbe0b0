import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS, MSG } from '@egreso/domain';
import { HttpError } from '../lib/http-errors.js';

/**
 * What one upload form may hold: one file, a few short text fields (ids), few headers per part. Over a limit the
 * request is refused (413) instead of read on: a form of thousands of parts or of megabyte-long fields costs nothing.
 */
export const UPLOAD_LIMITS = {
  fileSize: LIMITS.uploadBytes,
  files: 1,
  fields: 10,
  /** Bytes of one text field: the forms send ids. */
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 20,
} as const;

/** Bytes a whole upload request may declare: the file and the form around it. */
export const UPLOAD_REQUEST_BYTES = LIMITS.uploadBytes + 64 * 1024;

export const UPLOAD_MSG = {
  malformed: 'El archivo no llegó completo o el formulario está mal formado. Vuelve a enviarlo.',
  tooManyParts: 'El formulario tiene demasiados campos o archivos: envía un solo archivo.',
  fieldTooLong: 'Un campo del formulario es demasiado largo.',
} as const;

export interface Upload {
  /** The form's file (the first one), or null when none came. */
  file: { field: string; name: string; bytes: Buffer } | null;
  /** The form's text fields. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form into memory within UPLOAD_LIMITS. A malformed form (no boundary, a junk or cut body, a bad
 * part header) answers 400, a form over a limit 413, both in Spanish; never the parser's own error.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { file: null, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        upload.file ??= { field: part.fieldname, name: part.filename, bytes };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, UPLOAD_MSG.fieldTooLong);
        upload.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return upload;
}

function uploadError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, MSG.payloadTooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(413, UPLOAD_MSG.tooManyParts);
  return new HttpError(400, UPLOAD_MSG.malformed);
}

/**
 * File uploads (multipart/form-data within UPLOAD_LIMITS; a bigger file answers 413). A module that takes files
 * registers it first, in its own scope: `await app.register(uploadsPlugin)`, and reads the form with `readUpload`.
 * It is not registered for the whole app because @fastify/multipart adds an onResponse hook that every request would
 * pay for.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, options: { fieldSize?: number } = {}) => {
  // A form whose fields carry more than ids (a gradebook import's column choices) gives its own field size.
  const limits = { ...UPLOAD_LIMITS, fieldSize: options.fieldSize ?? UPLOAD_LIMITS.fieldSize };
  await app.register(multipart, { limits, throwFileSizeLimit: true });
  // Fastify's body limit does not apply to multipart: a declared length beyond any upload is refused before reading,
  // after the route's guard (onRequest), so that a stranger learns nothing but 401 (DESIGN §5, Who you are first).
  // A callback hook, not an async one: every request runs it (see the NUL check in errors.ts).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const multipartBody = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
    if (multipartBody && Number(request.headers['content-length']) > UPLOAD_REQUEST_BYTES) {
      done(new HttpError(413, MSG.payloadTooLarge));
    } else {
      done(null, payload);
    }
  });
});
