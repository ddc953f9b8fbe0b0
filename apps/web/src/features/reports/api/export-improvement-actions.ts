import { download } from '../../../lib/api';
import type { ImprovementActionFilters } from '../../../lib/query-keys';

const SPREADSHEET = /spreadsheetml|ms-excel|octet-stream/;

/** GET /reportes/acciones-mejora/export, saved under the server's name; answers the name. */
export function exportImprovementActions(filters: ImprovementActionFilters): Promise<string> {
  return download('/reportes/acciones-mejora/export', 'acciones_mejora.xlsx', { ...filters }, SPREADSHEET);
}
