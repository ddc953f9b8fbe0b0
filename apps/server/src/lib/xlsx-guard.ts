import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HttpError, fieldError } from './http-errors.js';

const MiB = 1024 * 1024;

/**
 * How an uploaded workbook is opened once checked: without its data validations. exceljs would expand each one cell by
 * cell, and an import never reads them, so Excel's whole-column lists (`D2:D1048576`) cost nothing.
 */
export const EXCELJS_READ = { ignoreNodes: ['dataValidations'] };

/**
 * What an uploaded workbook may hold before exceljs opens it (with EXCELJS_READ). exceljs inflates every entry in memory and expands the
 * ranges it reads (merged cells, data validations, defined names, column spans) cell by cell, so a few kilobytes can
 * ask it for gigabytes or billions of cells.
 */
export const XLSX_LIMITS = {
  /** Entries in the zip (a workbook of this app has about 10). */
  entries: 1000,
  /** Declared uncompressed bytes of all entries together (a 10,000-row people file inflates to about 3 MB). */
  uncompressedBytes: 64 * MiB,
  /** Uncompressed / compressed bytes, for an entry and for the whole file, once more than ratioFloorBytes. */
  ratio: 200,
  ratioFloorBytes: 1 * MiB,
  /** Rows of any sheet (the highest row number): the header and 10,000 data rows. */
  rows: 10_001,
  /** The last column a cell may sit in. */
  columns: 1024,
  /** The highest column a column definition may reach (Excel's own last column). */
  columnDefinitions: 16_384,
  /**
   * Cells exceljs builds: each row counts up to its last cell, and each merged range and defined-name range counts its
   * area (a 10,000 × 7 people file is 70,000). Data validations are not read (EXCELJS_READ).
   */
  cells: 300_000,
  /**
   * Inflated bytes one cell may account for, generously: its XML in the sheet (`<c r="AB1234" s="3" t="s"><v>12345</v></c>`
   * is under 50) and its text (a name or an e-mail is under 80). A workbook may inflate to its caps' cells
   * (rows × columns, at most `cells`) times this, plus `fixedBytes`; a real file of those rows needs a fraction of it.
   */
  cellBytes: 128,
  /** Inflated bytes of one shared string, generously (`<si><t>…</t></si>` around a long name or an e-mail). */
  sharedStringBytes: 96,
  /** The parts every workbook has whatever its rows (styles, theme, workbook, content types). */
  fixedBytes: 1 * MiB,
} as const;

/** exceljs keeps every shared string of the workbook in memory: the part is capped on its own as well. */
const SHARED_STRINGS = /xl\/sharedStrings\.xml$/;

export const XLSX_MSG = {
  tooManyEntries: `El archivo contiene demasiadas partes (más de ${XLSX_LIMITS.entries}); no se abrió.`,
  tooLarge: (mib: number) =>
    `El archivo ocupa más de ${mib} MB al descomprimirlo, más de lo que necesitan las filas que se admiten; divídelo en varios archivos.`,
  tooManyStrings: (mib: number) =>
    `Los textos del archivo ocupan más de ${mib} MB al descomprimirlo, más de lo que necesitan las filas que se admiten; divídelo en varios archivos.`,
  oddCompression:
    'El archivo está comprimido de forma anómala y no se abrió. Guárdalo de nuevo desde Excel e inténtalo otra vez.',
  tooManyRows: (rows: number) => `La hoja tiene más de ${rows - 1} filas de datos; divídela en varios archivos.`,
  tooManyColumns: `La hoja tiene celdas más allá de la columna ${XLSX_LIMITS.columns}; quita las columnas que sobran.`,
  tooManyCells: `La hoja tiene demasiadas celdas o celdas combinadas (más de ${XLSX_LIMITS.cells}); divídela en varios archivos.`,
} as const;

export interface SheetCaps {
  /** Highest row number any sheet may have (header included). */
  rows?: number;
  /** Columns a real file of the import has (its template's columns, for the inflated-size caps); at most XLSX_LIMITS.columns. */
  columns?: number;
  /** The refusal when a sheet has more rows. */
  rowsMessage?: string;
}

/**
 * What a workbook of these caps may inflate to: all its parts, and its shared strings, in whole MiB. The cells are its rows
 * times its columns (at most XLSX_LIMITS.cells); never more than XLSX_LIMITS.uncompressedBytes.
 */
export function inflatedCaps(caps: SheetCaps = {}): { totalMiB: number; sharedStringsMiB: number } {
  const cells = Math.min(
    (caps.rows ?? XLSX_LIMITS.rows) * Math.min(caps.columns ?? XLSX_LIMITS.columns, XLSX_LIMITS.columns),
    XLSX_LIMITS.cells,
  );
  const toMiB = (bytes: number) => Math.ceil(Math.min(bytes, XLSX_LIMITS.uncompressedBytes) / MiB);
  return {
    totalMiB: toMiB(cells * XLSX_LIMITS.cellBytes + XLSX_LIMITS.fixedBytes),
    sharedStringsMiB: toMiB(cells * XLSX_LIMITS.sharedStringBytes),
  };
}

/** A workbook over a limit; `status` 413 for what it would cost to inflate, 422 (on 'file') for what it holds. */
class Refusal extends Error {
  constructor(readonly error: HttpError) {
    super(error.message);
  }
}
const tooBig = (message: string) => new Refusal(new HttpError(413, message));
const tooMuch = (message: string) => new Refusal(fieldError('file', message));

/** exceljs reads these entries as worksheets (its own, unanchored pattern) and the defined names from the workbook. */
const WORKSHEET = /xl\/worksheets\/sheet\d+\.xml/;
const WORKBOOK = /xl\/workbook\.xml/;

/** Column number of the letters of a cell reference ('A' → 1, 'XFD' → 16384); Infinity past four letters. */
function columnNumber(letters: string): number {
  if (letters.length > 4) return Infinity;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

interface CellRef {
  col: number;
  row: number;
}

/** 'B12', '$B$12' → {col: 2, row: 12}; null when it is not a cell reference. Read character by character. */
function cellRef(text: string): CellRef | null {
  let i = 0;
  if (text[i] === '$') i++;
  const lettersStart = i;
  while (i < text.length && /[A-Za-z]/.test(text[i]!)) i++;
  const letters = text.slice(lettersStart, i);
  if (text[i] === '$') i++;
  const digits = text.slice(i);
  if (!letters || !/^\d+$/.test(digits)) return null;
  return { col: columnNumber(letters), row: digits.length > 9 ? Infinity : Number(digits) };
}

/** Every 'A1:C3' or 'A1' range in a space-separated list (sqref) or a defined name's text ('Hoja!$A$1:$C$3,...'). */
function rangesOf(text: string): Array<{ top: CellRef; bottom: CellRef }> {
  const ranges: Array<{ top: CellRef; bottom: CellRef }> = [];
  for (const item of text.split(/[\s,]+/)) {
    const local = item.slice(item.lastIndexOf('!') + 1);
    const [from, to] = local.split(':');
    const top = cellRef(from ?? '');
    const bottom = to === undefined ? top : cellRef(to);
    if (top && bottom) ranges.push({ top, bottom });
  }
  return ranges;
}

/** Counts what exceljs would build from one worksheet or workbook XML, as it streams, and refuses past a limit. */
class SheetScanner {
  private readonly parser = new SaxesParser();
  private readonly decoder = new StringDecoder('utf8');
  private row = 0;
  private col = 0;
  private rowEnd = 0;
  private definedName: string[] | null = null;

  constructor(
    private readonly caps: Required<Omit<SheetCaps, 'columns'>>,
    private readonly counted: { cells: number },
  ) {
    this.parser.on('opentag', (tag) => this.open(tag as SaxesTagPlain));
    this.parser.on('text', (text) => this.definedName?.push(text));
    this.parser.on('closetag', (tag) => {
      if (tag.name === 'definedName' && this.definedName) {
        this.addRanges(this.definedName.join(''));
        this.definedName = null;
      }
    });
  }

  write(chunk: Buffer): void {
    this.parser.write(this.decoder.write(chunk));
  }

  end(): void {
    this.parser.write(this.decoder.end());
    this.closeRow();
    this.parser.close();
  }

  private addCells(n: number): void {
    this.counted.cells += n;
    if (this.counted.cells > XLSX_LIMITS.cells) throw tooMuch(XLSX_MSG.tooManyCells);
  }

  private checkCell(ref: CellRef): void {
    if (ref.row > this.caps.rows) throw tooMuch(this.caps.rowsMessage);
    if (ref.col > XLSX_LIMITS.columns) throw tooMuch(XLSX_MSG.tooManyColumns);
  }

  private addRanges(text: string): void {
    for (const { top, bottom } of rangesOf(text)) {
      this.checkCell(top);
      this.checkCell(bottom);
      this.addCells((Math.abs(bottom.row - top.row) + 1) * (Math.abs(bottom.col - top.col) + 1));
    }
  }

  private closeRow(): void {
    this.addCells(this.rowEnd);
    this.rowEnd = 0;
  }

  private open(tag: SaxesTagPlain): void {
    const attr = (name: string) => tag.attributes[name];
    switch (tag.name) {
      case 'row': {
        this.closeRow();
        const r = attr('r');
        this.row = r === undefined ? this.row + 1 : Number.parseInt(r, 10) || this.row + 1;
        this.col = 0;
        if (this.row > this.caps.rows) throw tooMuch(this.caps.rowsMessage);
        break;
      }
      case 'c': {
        const ref = cellRef(attr('r') ?? '');
        this.col = ref ? ref.col : this.col + 1;
        this.checkCell({ row: ref?.row ?? this.row, col: this.col });
        this.rowEnd = Math.max(this.rowEnd, this.col);
        break;
      }
      case 'col': {
        const max = Number.parseInt(attr('max') ?? '0', 10);
        const min = Number.parseInt(attr('min') ?? '0', 10);
        if (max > XLSX_LIMITS.columnDefinitions || min > XLSX_LIMITS.columnDefinitions)
          throw tooMuch(XLSX_MSG.tooManyColumns);
        break;
      }
      case 'mergeCell':
        this.addRanges(attr('ref') ?? '');
        break;
      case 'definedName':
        this.definedName = [];
        break;
    }
  }
}

/** Inflates one entry, at most its declared size (yauzl stops a stream that inflates past it), through the scanner. */
async function inflateEntry(zip: ZipFile, entry: Entry, scanner: SheetScanner | null): Promise<void> {
  const stream = await zip.openReadStreamPromise(entry);
  for await (const chunk of stream) scanner?.write(chunk as Buffer);
  scanner?.end();
}

/**
 * Checks an uploaded .xlsx before exceljs opens it: the zip's central directory (entry count, total declared
 * uncompressed size, compression ratios) first, then every entry inflated as a stream capped at its declared size,
 * worksheets and the workbook read as XML on the way for rows, columns and the cells exceljs would build.
 * With `directoryOnly`, only the central directory is read (no entry inflated): cheap enough for the event loop.
 * Throws the Spanish refusal of a workbook over a limit (413 for its size, 422 on 'file' for its contents);
 * answers false when the bytes are not a readable zip (a lying size, a truncated or malformed file), true otherwise.
 */
export async function checkWorkbook(
  buf: Buffer,
  caps: SheetCaps = {},
  { directoryOnly = false }: { directoryOnly?: boolean } = {},
): Promise<boolean> {
  const full: Required<Omit<SheetCaps, 'columns'>> = {
    rows: caps.rows ?? XLSX_LIMITS.rows,
    rowsMessage: caps.rowsMessage ?? XLSX_MSG.tooManyRows(caps.rows ?? XLSX_LIMITS.rows),
  };
  const { totalMiB, sharedStringsMiB } = inflatedCaps(caps);
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buf, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    return false;
  }
  try {
    if (zip.entryCount > XLSX_LIMITS.entries) throw tooBig(XLSX_MSG.tooManyEntries);
    const entries: Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > totalMiB * MiB) throw tooBig(XLSX_MSG.tooLarge(totalMiB));
      if (SHARED_STRINGS.test(entry.fileName) && entry.uncompressedSize > sharedStringsMiB * MiB)
        throw tooBig(XLSX_MSG.tooManyStrings(sharedStringsMiB));
      if (
        entry.uncompressedSize > XLSX_LIMITS.ratioFloorBytes &&
        entry.uncompressedSize > XLSX_LIMITS.ratio * entry.compressedSize
      ) {
        throw tooBig(XLSX_MSG.oddCompression);
      }
      entries.push(entry);
    }
    if (declared > XLSX_LIMITS.ratioFloorBytes && declared > XLSX_LIMITS.ratio * buf.length)
      throw tooBig(XLSX_MSG.oddCompression);
    if (directoryOnly) return true;
    const counted = { cells: 0 };
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const xml = WORKSHEET.test(entry.fileName) || WORKBOOK.test(entry.fileName);
      await inflateEntry(zip, entry, xml ? new SheetScanner(full, counted) : null);
    }
    return true;
  } catch (error) {
    if (error instanceof Refusal) throw error.error;
    return false;
  } finally {
    zip.close();
  }
}
