import { ApiError } from './api';

/** Spanish labels of request fields, for messages that name the field at fault. */
export type FieldLabels = Record<string, string>;

/** The server's explanation of a failure (its message, or the lost-connection text), or null for a bare 'Error 500'. */
export function serverMessage(err: unknown): string | null {
  if (err instanceof ApiError && err.message && !/^Error \d+$/.test(err.message)) return err.message;
  return null;
}

/** The server's per-field messages as 'Label: message' lines, in the order the server sent them. */
export function fieldErrorLines(err: unknown, labels: FieldLabels): string[] {
  if (!(err instanceof ApiError)) return [];
  return Object.entries(err.errors).flatMap(([field, messages]) => {
    const label = labels[field] ?? labels[field.split('.')[0]!] ?? field;
    return messages.map((m) => `${label}: ${m}`);
  });
}

export interface ErrorTextOptions {
  /**
   * When given, the server's per-field errors follow the prefix as 'Label: message' joined by `separator`
   * (instead of the server's general message).
   */
  fieldLabels?: FieldLabels;
  /** Joins the field lines; ' | ' by default. */
  separator?: string;
}

/**
 * The one wording of a failed action: 'Error guardando carrera: {server message}', the prefix alone when the server
 * gave no reason, or the prefix followed by the fields at fault when `fieldLabels` is given.
 */
export function errorText(prefix: string, err: unknown, options: ErrorTextOptions = {}): string {
  const glue = /[.:!?]$/.test(prefix) ? ' ' : ': ';
  if (options.fieldLabels) {
    const lines = fieldErrorLines(err, options.fieldLabels);
    const separator = options.separator ?? ' | ';
    // Lines on their own lines start on a new one; a ' | ' list continues the prefix.
    if (lines.length > 0) return `${prefix}${separator.includes('\n') ? separator : glue}${lines.join(separator)}`;
  }
  const reason = serverMessage(err);
  return reason ? `${prefix}${glue}${reason}` : prefix;
}

/** A failed load: the spec's '¿Estás autenticado?' variant when the session was refused. */
export function loadErrorText(message: string, err: unknown): string {
  return err instanceof ApiError && (err.status === 401 || err.status === 403)
    ? `${message} ¿Estás autenticado?`
    : message;
}
