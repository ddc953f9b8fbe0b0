import type { z } from 'zod';
import { ApiError } from '../../../lib/api';

export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= issue.message;
  }
  return out;
}

/** The server's per-field messages of a 422, first one per field. */
export function apiFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(err.errors)) {
    const first = messages[0];
    if (first) out[field.split('.')[0]!] ??= first;
  }
  return out;
}

/** The server's message for a failure, or a generic one when it gave none. */
export function serverMessage(err: unknown): string {
  if (err instanceof ApiError && err.message && !/^Error \d+$/.test(err.message)) return err.message;
  return 'Error desconocido';
}

/** 'prefix: server message', the catalogue's form for admin failures. */
export function withServerMessage(prefix: string, err: unknown): string {
  return `${prefix}: ${serverMessage(err)}`;
}

/** 'fallback: server message' when the server explained the failure, else the fallback alone. */
export function withReason(fallback: string, err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.message && !/^Error \d+$/.test(err.message)) return `${fallback}: ${err.message}`;
  return fallback;
}
