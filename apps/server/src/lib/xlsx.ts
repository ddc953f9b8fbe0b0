import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { xlsxFile } from '@egreso/domain';
import { readWorkbookRows, type CellValue } from './xlsx-pool.js';

export type { CellValue } from './xlsx-pool.js';

/**
 * The rows of the first worksheet, as plain values (row 1 first); null when the bytes are not an .xlsx workbook.
 * The file is checked and read in the spreadsheet pool (`readWorkbookRows`): one over its limits is refused with a
 * Spanish 413/422 unopened.
 */
export async function readFirstSheet(buffer: Buffer): Promise<CellValue[][] | null> {
  return (await readWorkbookRows(buffer, 'values')).rows;
}

/**
 * How a sheet lays out: a bold header row kept in view (and the first `frozenColumns` columns), columns as wide as
 * their longest value (`fitColumnWidth`); a column with a longer text wraps it at `WRAP_WIDTH`, top-aligned; with
 * `filter`, filters on the header, as the division report's workbook does.
 */
export interface SheetLayout {
  frozenColumns?: number;
  filter?: boolean;
}

/** The widest a column grows; a longer text (a cause, an action, its follow-ups) wraps within it. */
export const WRAP_WIDTH = 60;

/** How text that does not fit its column shows: wrapped on several lines, read from the top of the row. */
export const WRAPPED: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

const longestLine = (value: CellValue) =>
  Math.max(
    ...String(value ?? '')
      .split('\n')
      .map((line) => line.length),
  );

/**
 * The width that shows a column's header (with room for its filter button) and its longest line of text, at least
 * `minWidth`, at most `WRAP_WIDTH`; `wrap` says the longest line is wider than that, so the column wraps.
 */
export function fitColumnWidth(
  header: string,
  values: Iterable<CellValue>,
  minWidth = 10,
): { width: number; wrap: boolean } {
  let longest = header.length + 3;
  for (const value of values) longest = Math.max(longest, longestLine(value) + 1);
  return { width: Math.min(WRAP_WIDTH, Math.max(minWidth, longest)), wrap: longest > WRAP_WIDTH };
}

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  header: string[],
  rows: CellValue[][],
  { frozenColumns = 0, filter = false }: SheetLayout,
  minWidth: number,
): void {
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  let columns = header.length;
  for (const row of rows) columns = Math.max(columns, row.length);
  for (let i = 0; i < columns; i++) {
    const { width, wrap } = fitColumnWidth(
      header[i] ?? '',
      rows.map((r) => r[i] ?? null),
      minWidth,
    );
    const column = sheet.getColumn(i + 1);
    column.width = width;
    // The header row keeps its own (bold) style; the values of a long-text column wrap.
    if (wrap) column.eachCell((cell, row) => row > 1 && (cell.alignment = WRAPPED));
  }
  sheet.views = [{ state: 'frozen', ySplit: 1, ...(frozenColumns ? { xSplit: frozenColumns } : {}) }];
  if (filter && header.length) sheet.autoFilter = { from: 'A1', to: { row: 1, column: header.length } };
}

/** A one-sheet workbook with a bold header row and sized columns, the first two kept in view. */
export async function writeWorkbook(
  sheetName: string,
  header: string[],
  rows: CellValue[][],
  layout: Omit<SheetLayout, 'frozenColumns'> = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  addSheet(workbook, sheetName, header, rows, { ...layout, frozenColumns: 2 }, 10);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Header text compared without case, accents or surrounding spaces. */
export function headerKey(value: CellValue): string {
  return String(value ?? '')
    .trim()
    .toLocaleLowerCase('es-MX')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The schema of a route that answers an .xlsx download (and its errors as JSON): `schema: { ..., ...xlsxDownload(errors) }`. */
export function xlsxDownload<E extends object>(errors: E) {
  return { produces: [XLSX_TYPE, 'application/json'], response: { 200: xlsxFile, ...errors } };
}

/** Answers a workbook as a download named `fileName`; `filename*` keeps the accents of a Spanish name. */
export function sendXlsx(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .type(XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(bytes);
}

/** A workbook of several sheets, each with a bold header row and sized columns. */
export async function writeWorkbookSheets(
  sheets: Array<{ name: string; header: string[]; rows: CellValue[][] } & SheetLayout>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const { name, header, rows, ...layout } of sheets) addSheet(workbook, name, header, rows, layout, 12);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
