import { parse } from 'csv-parse/sync';
import { XLSX_LIMITS } from './xlsx-guard.js';

/**
 * Delimited text as learning platforms write it (Moodle's 'Archivo de texto plano', Google Classroom's CSV, either
 * saved again by Excel or Sheets): UTF-8 with or without a byte-order mark, or the Windows code page Excel uses for
 * 'CSV' in Spanish; comma, semicolon, tab or colon between fields. Parsed by csv-parse (a state machine, no
 * backtracking), within the spreadsheet caps on rows and columns.
 */

export const DELIMITERS = [',', ';', '\t', ':'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export type TextRead =
  | { kind: 'rows'; rows: string[][]; delimiter: Delimiter; encoding: 'utf-8' | 'windows-1252' }
  /** Not text: NUL bytes or control characters, a zip, a PDF… */
  | { kind: 'invalid' }
  | { kind: 'tooMany'; what: 'rows' | 'columns' };

/** Lines looked at to choose the delimiter. */
const SAMPLE_LINES = 6;

function decode(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } | null {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Excel's 'CSV (delimitado por comas)' in Spanish writes Windows-1252.
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** Text has no NUL and few control characters besides tab, CR and LF. */
function looksLikeText(text: string): boolean {
  const head = text.slice(0, 4096);
  let control = 0;
  for (const ch of head) {
    const c = ch.charCodeAt(0);
    if (c === 0) return false;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) control++;
  }
  return control <= head.length / 100;
}

const options = (delimiter: string) => ({
  delimiter,
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  trim: false,
  max_record_size: 64 * 1024,
});

/**
 * The delimiter whose first lines split into the most fields, the same number on every line (a header of
 * 'Tarea: Práctica 1 (Real)' columns has colons, but its data rows do not); a tie goes to the earlier of `DELIMITERS`.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    let rows: string[][];
    try {
      rows = parse(text, { ...options(delimiter), to_line: SAMPLE_LINES }) as string[][];
    } catch {
      continue;
    }
    if (!rows.length) continue;
    const widths = rows.map((r) => r.length);
    const width = widths[0]!;
    if (width < 2) continue;
    const consistent = widths.filter((w) => w === width).length / widths.length;
    const score = width * consistent;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** The rows of delimited text, at most `maxRows` (the header included) and XLSX_LIMITS.columns fields a row. */
export function parseDelimited(bytes: Uint8Array, maxRows: number = XLSX_LIMITS.rows): TextRead {
  const decoded = decode(bytes);
  if (!decoded || !looksLikeText(decoded.text)) return { kind: 'invalid' };
  const text = decoded.text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  let rows: string[][];
  try {
    rows = parse(text, { ...options(delimiter), to_line: maxRows + 1 }) as string[][];
  } catch {
    return { kind: 'invalid' };
  }
  if (rows.length > maxRows) return { kind: 'tooMany', what: 'rows' };
  if (rows.some((r) => r.length > XLSX_LIMITS.columns)) return { kind: 'tooMany', what: 'columns' };
  return { kind: 'rows', rows, delimiter, encoding: decoded.encoding };
}
