import type { z } from 'zod';
import { ApiError } from './api';

/** One message per form field, keyed by the request's top-level field name. */
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

/** The server's first message per top-level field of a 422 or 409 ('rows.1.subject_id' counts as 'rows'). */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(err.errors)) {
    const first = messages[0];
    if (first) out[field.split('.')[0]!] ??= first;
  }
  return out;
}

/** The server's explanation of a failure, when it gave one (not a bare 'Error 500', not a lost connection). */
export function reasonOf(err: unknown): string | null {
  if (err instanceof ApiError && err.status > 0 && err.message && !/^Error \d+$/.test(err.message)) return err.message;
  return null;
}

/** 'fallback: server's reason' when the server explained the failure, else the fallback alone. */
export function withReason(fallback: string, err: unknown): string {
  const reason = reasonOf(err);
  return reason ? `${fallback}: ${reason}` : fallback;
}
