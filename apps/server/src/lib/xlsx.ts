import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
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
 * How a sheet lays out. By default: a bold header row kept in view, with filters; no column kept in view; columns as
 * wide as their longest value (`fitColumnWidth`), a column with a longer text wrapping its values at `WRAP_WIDTH`,
 * top-aligned. Each option changes one of these.
 */
export interface SheetLayout {
  /** Columns kept in view (left of the scroll) besides the header row. */
  frozenColumns?: number;
  /** Filters on the header row (on unless false). */
  filter?: boolean;
  /** Fixed widths, in column order, instead of widths that fit the content. */
  widths?: readonly number[];
  /** The narrowest a fitted column gets. */
  minWidth?: number;
  /** 'long' (default): only a fitted column wider than WRAP_WIDTH wraps its values; 'all': every column wraps. */
  wrap?: 'long' | 'all';
  /** Drop-down lists: per column (by index) the values offered, on the first `rows` rows under the header. */
  lists?: { rows: number; values: ReadonlyArray<readonly string[] | undefined> };
  /** Rows above the header, as they are (a title block); the header row and the frozen rows come after them. */
  heading?: ReadonlyArray<{ values: CellValue[]; font?: Partial<ExcelJS.Font> }>;
  /** A solid fill of the header cells, as an ARGB colour. */
  headerFill?: string;
  /** Printing: orientation, fitting to the page. */
  pageSetup?: Partial<ExcelJS.PageSetup>;
}

/** One sheet of a workbook: its name, its header row, its data rows and how it lays out. */
export interface SheetSpec extends SheetLayout {
  name: string;
  header: readonly string[];
  rows: readonly CellValue[][];
}

/** The widest a column grows; a longer text (a cause, an action, its follow-ups) wraps within it. */
export const WRAP_WIDTH = 60;

/** How text that does not fit its column shows: wrapped on several lines, read from the top of the row. */
export const WRAPPED: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

/**
 * Every workbook is written at the fastest deflate level: a 5,000-row export is written in about half the time for
 * a third more bytes.
 */
const WRITE_OPTIONS = { zip: { compressionOptions: { level: 1 } } } as Partial<ExcelJS.XlsxWriteOptions>;

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

/** Column widths: the fixed ones, or each fitted to its header and values (the header row keeps its own style). */
function sizeColumns(sheet: ExcelJS.Worksheet, spec: SheetSpec, headerRow: number): void {
  const { header, rows, widths, minWidth = 12, wrap = 'long' } = spec;
  let columns = widths?.length ?? header.length;
  if (!widths) for (const row of rows) columns = Math.max(columns, row.length);
  for (let i = 0; i < columns; i++) {
    const column = sheet.getColumn(i + 1);
    if (widths) column.width = widths[i]!;
    else {
      const fit = fitColumnWidth(
        header[i] ?? '',
        rows.map((r) => r[i] ?? null),
        minWidth,
      );
      column.width = fit.width;
      if (fit.wrap && wrap === 'long') column.eachCell((cell, row) => row > headerRow && (cell.alignment = WRAPPED));
    }
    if (wrap === 'all') column.alignment = WRAPPED;
  }
}

/** The drop-down lists on the first `rows` rows under the header; a value outside the list is refused in Spanish. */
function addLists(sheet: ExcelJS.Worksheet, header: readonly string[], headerRow: number, lists: SheetLayout['lists']) {
  if (!lists) return;
  lists.values.forEach((list, index) => {
    if (!list) return;
    const letter = sheet.getColumn(index + 1).letter;
    for (let r = headerRow + 1; r <= headerRow + lists.rows; r++) {
      sheet.getCell(`${letter}${r}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${list.join(',')}"`],
        showErrorMessage: true,
        errorTitle: header[index],
        error: `Elige: ${list.join(', ')}.`,
      };
    }
  });
}

function addSheet(workbook: ExcelJS.Workbook, spec: SheetSpec): void {
  const { name, header, rows, heading = [], headerFill, pageSetup, frozenColumns = 0, filter = true } = spec;
  const sheet = workbook.addWorksheet(name, pageSetup ? { pageSetup } : {});
  for (const line of heading) {
    const row = sheet.addRow(line.values);
    if (line.font) row.font = line.font;
  }
  const headerRow = sheet.addRow(header);
  headerRow.font = { bold: true };
  if (headerFill)
    headerRow.eachCell((cell) => (cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: headerFill } }));
  for (const row of rows) sheet.addRow(row);
  const at = headerRow.number;
  addLists(sheet, header, at, spec.lists);
  sizeColumns(sheet, spec, at);
  sheet.views = [{ state: 'frozen', ySplit: at, ...(frozenColumns ? { xSplit: frozenColumns } : {}) }];
  if (filter && header.length)
    sheet.autoFilter = { from: { row: at, column: 1 }, to: { row: at, column: header.length } };
}

/**
 * The one writer of .xlsx workbooks: each sheet laid out as `SheetLayout` says (a bold, frozen, filtered header row
 * unless told otherwise), `creator` in the file's properties, written at the fastest deflate level.
 */
export async function writeWorkbookSheets(
  sheets: readonly SheetSpec[],
  { creator }: { creator?: string } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (creator !== undefined) workbook.creator = creator;
  for (const spec of sheets) addSheet(workbook, spec);
  return Buffer.from(await workbook.xlsx.writeBuffer(WRITE_OPTIONS));
}

export type StreamedColumns = Array<Partial<ExcelJS.Column>>;
export type StreamedWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;

/**
 * A streamed sheet of `streamWorkbook`, laid out as every sheet of the product: a bold header row kept in view, with
 * filters; `write` adds and commits its rows.
 */
export function writeStreamedSheet(
  book: StreamedWorkbook,
  name: string,
  columns: StreamedColumns,
  write: (sheet: ExcelJS.Worksheet) => void,
): void {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  write(sheet);
  sheet.autoFilter = { from: 'A1', to: { row: 1, column: columns.length } };
  sheet.commit();
}

/**
 * A streamed workbook without shared strings, for a sheet of tens of thousands of rows: about half the CPU of the
 * in-memory workbook for a generation's 55,000 rows (bench/RESULTS.md), and the rows are not kept twice in memory.
 * `write` adds its sheets with `writeStreamedSheet`.
 */
export async function streamWorkbook(
  { creator, created }: { creator: string; created: Date },
  write: (book: StreamedWorkbook) => void,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  book.created = created;
  book.creator = creator;
  write(book);
  await book.commit();
  return Buffer.concat(chunks);
}

/** A one-sheet workbook whose first two columns (a key and a name) stay in view, fitted columns at least 10 wide. */
export function writeWorkbook(
  sheetName: string,
  header: string[],
  rows: CellValue[][],
  layout: Omit<SheetLayout, 'frozenColumns'> = {},
): Promise<Buffer> {
  return writeWorkbookSheets([{ name: sheetName, header, rows, minWidth: 10, ...layout, frozenColumns: 2 }]);
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
