import { ApiError } from '../../../lib/api';

/** The server's explanation of a failure, when it gave one. */
export function reasonOf(err: unknown): string | null {
  if (err instanceof ApiError && err.status > 0 && err.message && !/^Error \d+$/.test(err.message)) return err.message;
  return null;
}

/** The catalogue's message ('Error registrando grupo'), followed by the server's reason on its own line when there is one. */
export function failureText(message: string, err: unknown): string {
  const reason = reasonOf(err);
  return reason ? `${message}\n${reason}` : message;
}

/** A load failure: the '¿Estás autenticado?' variant when the session was rejected. */
export function loadErrorText(message: string, err: unknown): string {
  return err instanceof ApiError && (err.status === 401 || err.status === 403) ? `${message} ¿Estás autenticado?` : message;
}

/** The server's first message per top-level field of a 422 or 409 ('rows.1.subject_id' counts as 'rows'). */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(err.errors)) {
    const first = messages[0];
    if (first) out[field.split('.')[0]!] ??= first;
  }
  return out;
}
