import { messageOf } from '../../../lib/api';

/** 'prefix: server message' (or 'prefix: Error desconocido'), the catalogue's form for admin failures. */
export function withServerMessage(prefix: string, err: unknown): string {
  return `${prefix}: ${messageOf(err, 'Error desconocido')}`;
}
