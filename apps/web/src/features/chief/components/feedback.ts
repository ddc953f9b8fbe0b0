import { ApiError } from '../../../lib/api';
import { reasonOf } from '../../../lib/form-errors';

/** The catalogue's message ('Error registrando grupo'), followed by the server's reason on its own line when there is one. */
export function failureText(message: string, err: unknown): string {
  const reason = reasonOf(err);
  return reason ? `${message}\n${reason}` : message;
}

/** A load failure: the '¿Estás autenticado?' variant when the session was rejected. */
export function loadErrorText(message: string, err: unknown): string {
  return err instanceof ApiError && (err.status === 401 || err.status === 403) ? `${message} ¿Estás autenticado?` : message;
}
