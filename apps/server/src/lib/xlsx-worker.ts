import type ExcelJS from 'exceljs';
import { HttpError } from './http-errors.js';
import { parseDelimited } from './delimited.js';
import { cellDate } from './time.js';
import { EXCELJS_READ, XLSX_MSG, XLSX_LIMITS, checkWorkbook, type SheetCaps } from './xlsx-guard.js';

/**
 * The worker of the spreadsheet pool (lib/xlsx-pool.ts): checks an uploaded workbook and reads its first sheet, off the
 * server's event loop and inside the worker's memory limits. It answers plain data, never exceljs objects.
 */

export type CellValue = string | number | null;

export interface ParseTask {
  bytes: Uint8Array;
  /**
   * 'values': numbers stay numbers, formulas give their result (grade imports); 'text': each cell as Excel shows it
   * (people imports); 'delimited': the bytes are CSV or tab-separated text (gradebook exports), not a workbook.
   */
  mode: 'values' | 'text' | 'delimited';
  caps: SheetCaps;
}

export type ParseResult =
  /** The first sheet's rows (row 1 first), each row up to its last cell. */
  | { kind: 'rows'; rows: CellValue[][] }
  /** The bytes are not a readable .xlsx workbook (or it has no sheet). */
  | { kind: 'invalid' }
  /** Over a limit of the guard: the Spanish refusal to answer as it is. */
  | { kind: 'refused'; status: number; message: string; errors?: Record<string, string[]> };

/** Plain value of an exceljs cell: numbers stay numbers, formulas give their result, rich text its text. */
function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return cellDate(value);
  if (typeof value === 'object') {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
  }
  return null;
}

export default async function parseWorkbook({ bytes, mode, caps }: ParseTask): Promise<ParseResult> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mode === 'delimited') {
    const read = parseDelimited(buf, caps.rows ?? XLSX_LIMITS.rows);
    if (read.kind === 'rows') return { kind: 'rows', rows: read.rows };
    if (read.kind === 'invalid') return { kind: 'invalid' };
    const message =
      read.what === 'rows'
        ? (caps.rowsMessage ?? XLSX_MSG.tooManyRows(caps.rows ?? XLSX_LIMITS.rows))
        : XLSX_MSG.tooManyColumns;
    return { kind: 'refused', status: 413, message, errors: { file: [message] } };
  }
  try {
    if (!(await checkWorkbook(buf, caps))) return { kind: 'invalid' };
  } catch (error) {
    if (error instanceof HttpError)
      return { kind: 'refused', status: error.statusCode, message: error.message, errors: error.errors };
    throw error;
  }
  // exceljs is loaded once a file passes the guard: a thread that only refuses files stays small and starts fast.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer, EXCELJS_READ);
  } catch {
    return { kind: 'invalid' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { kind: 'invalid' };
  const rows: CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values: CellValue[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const cell = row.getCell(c);
      values.push(mode === 'text' ? cell.text : plain(cell.value));
    }
    rows[number - 1] = values;
  });
  return { kind: 'rows', rows: Array.from(rows, (r) => r ?? []) };
}
