import { PEOPLE_MSG, esFold } from '@egreso/domain';
import { unprocessable } from '../../lib/http-errors.js';
import { readWorkbookRows, type CellValue } from '../../lib/xlsx-pool.js';
import { writeWorkbookSheets } from '../../lib/xlsx.js';

/** A column of a people spreadsheet: its Spanish header, the key the code uses, its width and optional list. */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  width: number;
  list?: readonly string[];
}

export const GENDER_OPTIONS = ['Hombre', 'Mujer'] as const;
export const STATUS_OPTIONS = ['Activo', 'Baja', 'Graduado'] as const;

export const TEACHER_COLUMNS = [
  { key: 'full_name', header: 'Nombre completo', width: 36 },
  { key: 'controlnumber', header: 'Número de empleado', width: 20 },
  { key: 'email', header: 'Correo', width: 34 },
  { key: 'gender', header: 'Género', width: 12, list: GENDER_OPTIONS },
] as const satisfies readonly SheetColumn[];

export const STUDENT_COLUMNS = [
  { key: 'full_name', header: 'Nombre completo', width: 36 },
  { key: 'controlnumber', header: 'Matrícula', width: 16 },
  { key: 'email', header: 'Correo', width: 34 },
  { key: 'gender', header: 'Género', width: 12, list: GENDER_OPTIONS },
  { key: 'group', header: 'Grupo', width: 14 },
  { key: 'generation', header: 'Generación', width: 14 },
  { key: 'status', header: 'Estatus', width: 12, list: STATUS_OPTIONS },
] as const satisfies readonly SheetColumn[];

/** Rows a template offers the drop-down lists on. */
const TEMPLATE_ROWS = 1000;
/** More data rows than any institution's file; beyond it the upload is refused instead of tying up the server. */
export const MAX_IMPORT_ROWS = 10_000;
const TOO_MANY_ROWS = `El archivo tiene más de ${MAX_IMPORT_ROWS} filas; divídelo en varios archivos.`;

/**
 * A people spreadsheet (lib/xlsx.ts lays it out): Spanish headers in a bold, frozen, filtered first row, the columns'
 * widths, and drop-down lists where given on the first `validationRows` rows.
 */
export function buildWorkbook(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: ReadonlyArray<Record<string, string | null>>,
  options: { validationRows?: number } = {},
): Promise<Buffer> {
  const validationRows = options.validationRows ?? 0;
  return writeWorkbookSheets(
    [
      {
        name: sheetName,
        header: columns.map((c) => c.header),
        rows: rows.map((row) => columns.map((c) => row[c.key] ?? '')),
        widths: columns.map((c) => c.width),
        ...(validationRows > 0 ? { lists: { rows: validationRows, values: columns.map((c) => c.list) } } : {}),
      },
    ],
    { creator: 'Atributos de egreso' },
  );
}

export function buildTemplate(sheetName: string, columns: readonly SheetColumn[]): Promise<Buffer> {
  return buildWorkbook(sheetName, columns, [], { validationRows: TEMPLATE_ROWS });
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buf: Buffer, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** What a file really is, by its first bytes, whatever its name says. */
export function spreadsheetKind(buf: Buffer): 'xlsx' | 'xls' | null {
  if (startsWith(buf, ZIP_SIGNATURE)) return 'xlsx';
  if (startsWith(buf, OLE_SIGNATURE)) return 'xls';
  return null;
}

export interface SheetRow<K extends string> {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  cells: Record<K, string>;
}

/**
 * Reads the first sheet of an uploaded file into trimmed text cells by column key. Refuses (422, Spanish) a file
 * that is not a real .xlsx, a legacy .xls, missing headers, no data rows, or more rows than MAX_IMPORT_ROWS.
 */
export async function readSheet<K extends string>(
  buf: Buffer,
  columns: ReadonlyArray<SheetColumn<K>>,
): Promise<Array<SheetRow<K>>> {
  const refuse = (message: string) => unprocessable({ file: [message] }, message);
  const kind = spreadsheetKind(buf);
  if (kind === 'xls') throw refuse(PEOPLE_MSG.legacyXls);
  if (kind === null) throw refuse(PEOPLE_MSG.notSpreadsheet);
  // Sizes, rows and cells are checked on the zip, then the sheet read, in the spreadsheet pool (off the event loop).
  const { rows: sheet } = await readWorkbookRows(buf, 'text', {
    rows: MAX_IMPORT_ROWS + 1,
    columns: columns.length,
    rowsMessage: TOO_MANY_ROWS,
  });
  if (!sheet) throw refuse(PEOPLE_MSG.notSpreadsheet);
  const text = (cell: CellValue | undefined) => String(cell ?? '');
  if (!sheet.some((r) => r.some((cell) => text(cell) !== ''))) throw refuse(PEOPLE_MSG.emptyFile);
  const headerIndex = new Map<string, number>();
  (sheet[0] ?? []).forEach((cell, i) => {
    if (text(cell) !== '') headerIndex.set(esFold(text(cell)), i);
  });
  const missing = columns.filter((c) => !headerIndex.has(esFold(c.header))).map((c) => c.header);
  if (missing.length > 0) throw refuse(PEOPLE_MSG.missingHeaders(missing));
  if (sheet.length - 1 > MAX_IMPORT_ROWS) throw refuse(TOO_MANY_ROWS);
  const at = columns.map((c) => ({ key: c.key, index: headerIndex.get(esFold(c.header))! }));
  const rows: Array<SheetRow<K>> = [];
  for (let r = 1; r < sheet.length; r++) {
    const row = sheet[r]!;
    const cells = {} as Record<K, string>;
    let blank = true;
    for (const c of at) {
      const value = text(row[c.index]).trim();
      cells[c.key] = value;
      if (value) blank = false;
    }
    if (!blank) rows.push({ row: r + 1, cells });
  }
  if (rows.length === 0) throw refuse(PEOPLE_MSG.emptyFile);
  return rows;
}
