import { download } from '../../../lib/api';
import { fileStamp } from '../../../lib/dates';
import type { DivisionReportFilters } from './get-division-summary';

const SPREADSHEET = /spreadsheetml|ms-excel|octet-stream/;

/** The name used when the server does not send one: reporte_division_AAAAMMDD-HHMMSS.xlsx, in the institution's time zone. */
export function fallbackExportName(now?: Date): string {
  return `reporte_division_${fileStamp(now)}.xlsx`;
}

/** GET /reportes/flex/export, saved under the content-disposition name; answers the name. */
export function exportDivisionReport(filters: Omit<DivisionReportFilters, 'attribute_id'>): Promise<string> {
  return download('/reportes/flex/export', fallbackExportName(), { ...filters }, SPREADSHEET);
}
