import { download } from '../../../lib/api';
import type { DivisionReportFilters } from './get-division-report';

const SPREADSHEET = /spreadsheetml|ms-excel|octet-stream/;

/** The name used when the server does not send one: reporte_division_AAAAMMDD-HHMMSS.xlsx. */
export function fallbackExportName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `reporte_division_${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.xlsx`;
}

/** GET /reportes/flex/export, saved under the content-disposition name; answers the name. */
export function exportDivisionReport(filters: Omit<DivisionReportFilters, 'attribute_id'>): Promise<string> {
  return download('/reportes/flex/export', fallbackExportName(), { ...filters }, SPREADSHEET);
}
