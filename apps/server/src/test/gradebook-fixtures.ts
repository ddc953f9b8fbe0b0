import ExcelJS from 'exceljs';

/**
 * Gradebook exports built as the learning platforms write them (docs/decisions.md, 'Gradebook imports'), for the
 * server's tests, the bench and the browser flow.
 *
 * Moodle 4.x 'Exportar calificaciones': row 1 is the profile fields (lang/en or lang/es strings), then per grade item
 * and display type `{module}: {item} ({display})` (`gradeexportcolumntype`), the course total, and
 * 'Última descarga de este curso' (`timeexported`, a Unix time). Grades are formatted unlocalised
 * (`grade_format_gradevalue(..., $localized = false, ...)`): '85.00', '85.00 %', 'B', and '-' for none. The text export
 * (`csv_export_writer`, PHP's fputcsv) quotes a field with the delimiter, a quote, a space or a line break; the Excel
 * export writes numeric strings as numbers.
 *
 * Google Classroom's CSV download: 'Last Name', 'First Name', 'Email Address' (es: 'Apellido', 'Nombre', 'Dirección de
 * correo electrónico'), the overall grade when the class has one, one column per assignment; a 'Points' ('Puntos') row
 * with each assignment's maximum and the class average ('Promedio de la clase') before the students.
 */

export interface FixtureStudent {
  first: string;
  last: string;
  email: string;
  idnumber: string;
}

export type MoodleDisplay = 'real' | 'percentage' | 'letter';

export interface FixtureItem {
  name: string;
  /** Moodle's module ('Tarea', 'Cuestionario'), or none for a manual item. */
  module?: string;
  max: number;
  display?: MoodleDisplay;
  /** One per student: points (converted to the display), a text as is ('B', 'Sin calificar'), or null for none. */
  values: Array<number | string | null>;
}

export type Lang = 'es' | 'en';
export type Separator = 'comma' | 'semicolon' | 'tab' | 'colon';
const SEPARATOR: Record<Separator, string> = { comma: ',', semicolon: ';', tab: '\t', colon: ':' };

const MOODLE = {
  en: {
    fields: ['First name', 'Last name', 'ID number', 'Institution', 'Department', 'Email address'],
    display: { real: 'Real', percentage: 'Percentage', letter: 'Letter' },
    total: 'Course total',
    stamp: 'Last downloaded from this course',
    module: { Tarea: 'Assignment', Cuestionario: 'Quiz' } as Record<string, string>,
  },
  es: {
    fields: ['Nombre', 'Apellido(s)', 'Número de ID', 'Institución', 'Departamento', 'Dirección de correo'],
    display: { real: 'Real', percentage: 'Porcentaje', letter: 'Letra' },
    total: 'Total del curso',
    stamp: 'Última descarga de este curso',
    module: { Tarea: 'Tarea', Cuestionario: 'Cuestionario' } as Record<string, string>,
  },
} as const;

const LETTERS: Array<[number, string]> = [
  [93, 'A'],
  [90, 'A-'],
  [87, 'B+'],
  [83, 'B'],
  [80, 'B-'],
  [77, 'C+'],
  [73, 'C'],
  [70, 'C-'],
  [67, 'D+'],
  [60, 'D'],
  [0, 'F'],
];

function moodleValue(value: number | string | null, item: FixtureItem): string {
  if (value === null) return '-';
  if (typeof value === 'string') return value;
  const display = item.display ?? 'real';
  const percent = (value / item.max) * 100;
  if (display === 'real') return value.toFixed(2);
  if (display === 'percentage') return `${percent.toFixed(2)} %`;
  return LETTERS.find(([min]) => percent >= min)![1];
}

export interface MoodleOptions {
  lang: Lang;
  students: FixtureStudent[];
  items: FixtureItem[];
  /** Seconds since 1970 of the download. */
  exportedAt?: number;
}

/** Moodle's grid: header and one row per student (strings, as the text export writes them). */
export function moodleRows({ lang, students, items, exportedAt = 1_764_201_600 }: MoodleOptions): string[][] {
  const t = MOODLE[lang];
  const header = [
    ...t.fields,
    ...items.map((i) => {
      const name = i.module ? `${t.module[i.module] ?? i.module}: ${i.name}` : i.name;
      return `${name} (${t.display[i.display ?? 'real']})`;
    }),
    `${t.total} (${t.display.real})`,
    t.stamp,
  ];
  const rows = students.map((s, n) => {
    let total = 0;
    const grades = items.map((i) => {
      const v = i.values[n] ?? null;
      if (typeof v === 'number') total += v;
      return moodleValue(v, i);
    });
    return [
      s.first,
      s.last,
      s.idnumber,
      'Instituto Tecnológico',
      'Sistemas',
      s.email,
      ...grades,
      total.toFixed(2),
      String(exportedAt),
    ];
  });
  return [header, ...rows];
}

/** PHP's fputcsv: a field with the delimiter, the quote, a space, a tab or a line break is quoted. */
function csvLine(fields: string[], delimiter: string): string {
  return fields
    .map((f) => (/[\s"]/.test(f) || f.includes(delimiter) ? `"${f.replaceAll('"', '""')}"` : f))
    .join(delimiter);
}

export interface TextOptions {
  separator?: Separator;
  /** A UTF-8 byte-order mark first (the file saved again as 'CSV UTF-8' by Excel). */
  bom?: boolean;
  /** Decimal commas (the file saved again by Excel or Sheets in Spanish). */
  decimalComma?: boolean;
  /** Windows-1252 (Excel's plain 'CSV' in Spanish). */
  encoding?: 'utf-8' | 'windows-1252';
}

function textFile(
  rows: string[][],
  { separator = 'comma', bom = false, decimalComma = false, encoding = 'utf-8' }: TextOptions,
) {
  const delimiter = SEPARATOR[separator];
  const fix = (f: string) => (decimalComma ? f.replace(/^(-?\d+)\.(\d+)( %)?$/, '$1,$2$3') : f);
  const text = rows.map((r, i) => csvLine(i === 0 ? r : r.map(fix), delimiter)).join('\n') + '\n';
  if (encoding === 'windows-1252') return Buffer.from(text, 'latin1');
  return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

/** Moodle's 'Archivo de texto plano' export. */
export function moodleText(options: MoodleOptions & TextOptions): Buffer {
  return textFile(moodleRows(options), options);
}

/** Moodle's 'Hoja de cálculo Excel' export: numeric strings as numbers, the rest as text. */
export async function moodleXlsx(options: MoodleOptions): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(options.lang === 'es' ? 'Calificaciones' : 'Grades');
  for (const [i, row] of moodleRows(options).entries())
    ws.addRow(i === 0 ? row : row.map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ClassroomOptions {
  lang: Lang;
  students: FixtureStudent[];
  items: FixtureItem[];
  /** The class computes an overall grade (a column after the e-mail). */
  overall?: boolean;
}

const CLASSROOM = {
  en: {
    last: 'Last Name',
    first: 'First Name',
    email: 'Email Address',
    overall: 'Overall',
    points: 'Points',
    average: 'Class Average',
  },
  es: {
    last: 'Apellido',
    first: 'Nombre',
    email: 'Dirección de correo electrónico',
    overall: 'Calificación general',
    points: 'Puntos',
    average: 'Promedio de la clase',
  },
} as const;

const plain = (n: number) => String(Math.round(n * 100) / 100);

/** Classroom's grid: header, points row, class average row, then the students (surname first). */
export function classroomRows({ lang, students, items, overall = true }: ClassroomOptions): string[][] {
  const t = CLASSROOM[lang];
  const lead = overall ? 4 : 3;
  const pad = (cells: string[]) => [...cells, ...Array<string>(lead - cells.length).fill('')];
  const average = items.map((i) => {
    const nums = i.values.filter((v): v is number => typeof v === 'number');
    return nums.length ? plain(nums.reduce((a, b) => a + b, 0) / nums.length) : '';
  });
  const header = [t.last, t.first, t.email, ...(overall ? [t.overall] : []), ...items.map((i) => i.name)];
  const rows = students.map((s, n) => {
    const got = items.map((i) => i.values[n] ?? null);
    const points = items.reduce((sum, i, k) => sum + (typeof got[k] === 'number' ? i.max : 0), 0);
    const earned = got.reduce<number>((sum, v) => sum + (typeof v === 'number' ? v : 0), 0);
    return [
      s.last,
      s.first,
      s.email,
      ...(overall ? [points ? `${plain((earned / points) * 100)}%` : ''] : []),
      ...got.map((v) => (v === null ? '' : typeof v === 'number' ? plain(v) : v)),
    ];
  });
  return [header, [...pad([t.points]), ...items.map((i) => plain(i.max))], [...pad([t.average]), ...average], ...rows];
}

/** Classroom's 'Descargar estas calificaciones como archivo CSV' (or the Sheets copy saved as CSV). */
export function classroomCsv(options: ClassroomOptions & TextOptions): Buffer {
  return textFile(classroomRows(options), options);
}

/** The Sheets copy of Classroom's grades saved as .xlsx. */
export async function classroomXlsx(options: ClassroomOptions): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja 1');
  for (const [i, row] of classroomRows(options).entries())
    ws.addRow(i === 0 ? row : row.map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
