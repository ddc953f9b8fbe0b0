import { esSearchFold, type GradebookSource } from '@egreso/domain';
import type { CellValue } from '../../lib/xlsx.js';

/**
 * How learning platforms write their grade exports (docs/decisions.md, 'Gradebook imports'), read from their first
 * sheet or their delimited text into one shape: the grade columns and the students' rows.
 *
 * Moodle ('Exportar calificaciones', grade/export/{xls,ods,txt}): row 1 has the user's profile fields (Nombre,
 * Apellido(s), Número de ID, Institución, Departamento, Dirección de correo…), then per grade item and display type
 * '{módulo}: {nombre} ({Real|Porcentaje|Letra})' (feedback as '(Retroalimentación)'), the course total, and last
 * 'Última descarga de este curso' (a Unix time); one row per student after it. Values are written unlocalised
 * ('85.00', '85.00 %', 'B', '-' for no grade).
 *
 * Google Classroom (Calificaciones → Descargar estas calificaciones como archivo CSV): row 1 'Apellido', 'Nombre',
 * 'Dirección de correo electrónico', the overall grade when the class computes one, and one column per assignment;
 * rows before the students hold the assignments' dates, their points ('Puntos') and the class average.
 */

export type ColumnKind = 'item' | 'total' | 'average' | 'feedback' | 'stamp';
export type Display = 'points' | 'percentage' | 'letter';

export interface SourceColumn {
  index: number;
  /** The header folded: the key the teacher's choices and the remembered mapping use. */
  key: string;
  header: string;
  /** The item's own name (no module, no display type). */
  name: string;
  kind: ColumnKind;
  display: Display | null;
  /** The maximum the file states (Classroom's points row). */
  max: number | null;
}

export interface SourceRow {
  /** The row number in the file (1 = header). */
  row: number;
  name: string;
  /** 'Apellido Nombre' and 'Nombre Apellido' folded, for matching. */
  names: string[];
  email: string | null;
  idnumber: string | null;
  cells: CellValue[];
}

export interface GradebookTable {
  source: GradebookSource;
  columns: SourceColumn[];
  rows: SourceRow[];
}

/** A header or label folded: case, accents and surrounding or repeated spaces ignored. */
export function foldKey(value: CellValue): string {
  return esSearchFold(String(value ?? ''))
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name folded into its words, in order, without punctuation ('Práctica #1' → 'practica 1'). */
export function foldWords(value: string): string {
  return foldKey(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const IDENTITY: Record<string, 'first' | 'last' | 'email' | 'idnumber' | 'other'> = {
  // Moodle's profile fields (lang/en and lang/es, es_mx), and Classroom's name and e-mail columns.
  'first name': 'first',
  nombre: 'first',
  'nombre(s)': 'first',
  'last name': 'last',
  surname: 'last',
  apellido: 'last',
  apellidos: 'last',
  'apellido(s)': 'last',
  'email address': 'email',
  email: 'email',
  'direccion de correo': 'email',
  'direccion de correo electronico': 'email',
  'direccion email': 'email',
  'correo electronico': 'email',
  correo: 'email',
  'id number': 'idnumber',
  'numero de id': 'idnumber',
  'numero de identificacion': 'idnumber',
  matricula: 'idnumber',
  'numero de control': 'idnumber',
  institution: 'other',
  institucion: 'other',
  department: 'other',
  departamento: 'other',
  username: 'other',
  'nombre de usuario': 'other',
  suspended: 'other',
  suspendido: 'other',
  group: 'other',
  grupo: 'other',
  grupos: 'other',
  'phone 1': 'other',
  telefono: 'other',
  city: 'other',
  ciudad: 'other',
};

const STAMPS = new Set([
  'last downloaded from this course',
  'ultima descarga de este curso',
  'ultima descarga desde este curso',
]);
const AVERAGES = new Set([
  'overall',
  'overall grade',
  'calificacion general',
  'promedio general',
  'general',
  'promedio',
]);
const DISPLAY_SUFFIX: Record<string, Display | 'feedback'> = {
  real: 'points',
  percentage: 'percentage',
  porcentaje: 'percentage',
  letter: 'letter',
  letra: 'letter',
  feedback: 'feedback',
  retroalimentacion: 'feedback',
  comentarios: 'feedback',
};
/** Classroom's rows above the students, by their first cell. */
const POINTS_ROWS = new Set(['points', 'puntos', 'puntos totales', 'total points', 'puntuacion maxima', 'max points']);
const META_ROWS = new Set([
  'date',
  'due date',
  'fecha',
  'fecha de entrega',
  'class average',
  'average',
  'promedio de la clase',
  'promedio',
  'media de la clase',
]);

const isTotal = (name: string) =>
  name.startsWith('total ') || name.endsWith(' total') || name === 'total' || name.includes('total del curso');

/** 'Tarea: Práctica 1 (Real)' → its name without the module and the display type, and that type. */
function moodleHeader(header: string): { name: string; suffix: Display | 'feedback' | null } {
  const text = header.trim();
  let name = text;
  let suffix: Display | 'feedback' | null = null;
  const open = text.lastIndexOf(' (');
  if (open > 0 && text.endsWith(')')) {
    const found = DISPLAY_SUFFIX[foldKey(text.slice(open + 2, -1))];
    if (found) {
      suffix = found;
      name = text.slice(0, open).trim();
    }
  }
  const colon = name.indexOf(': ');
  if (colon > 0 && colon <= 40) name = name.slice(colon + 2).trim();
  return { name, suffix };
}

/** A number in a cell: a number, or text with a decimal point or comma. */
export function numberIn(value: CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value ?? '')
    .trim()
    .replace(/\s+/g, '');
  if (!/^[+-]?\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/**
 * The export's columns and students, or null when the first row is not a Moodle or Classroom grade export (e.g. this
 * product's own template, whose first header is 'Matrícula').
 */
export function readGradebook(rows: CellValue[][]): GradebookTable | null {
  const header = (rows[0] ?? []).map((h) => String(h ?? '').trim());
  const folded = header.map(foldKey);
  const identity = new Map<string, number>();
  folded.forEach((key, index) => {
    const role = IDENTITY[key];
    if (role && role !== 'other' && !identity.has(role)) identity.set(role, index);
  });
  const moodleLike = folded.some((k) => STAMPS.has(k)) || header.some((h) => moodleHeader(h).suffix !== null);
  const pointsRow = rows.findIndex((r, i) => i > 0 && i <= 6 && POINTS_ROWS.has(foldKey(r[0] ?? null)));
  const classroomLike = !moodleLike && identity.has('email') && (identity.has('last') || identity.has('first'));
  if (!moodleLike && !classroomLike) return null;
  const source: GradebookSource = moodleLike ? 'moodle' : 'classroom';

  const columns: SourceColumn[] = [];
  header.forEach((text, index) => {
    const key = folded[index]!;
    if (key === '' || IDENTITY[key]) return;
    if (STAMPS.has(key)) {
      columns.push({ index, key, header: text, name: text, kind: 'stamp', display: null, max: null });
      return;
    }
    const { name, suffix } = source === 'moodle' ? moodleHeader(text) : { name: text, suffix: null };
    const nameKey = foldKey(name);
    const kind: ColumnKind =
      suffix === 'feedback' ? 'feedback' : isTotal(nameKey) ? 'total' : AVERAGES.has(nameKey) ? 'average' : 'item';
    const display: Display | null = suffix === 'feedback' ? null : (suffix ?? 'points');
    const max = pointsRow > 0 ? numberIn(rows[pointsRow]![index] ?? null) : null;
    columns.push({ index, key, header: text, name, kind, display, max: max !== null && max > 0 ? max : null });
  });

  const at = (cells: CellValue[], role: string) => {
    const index = identity.get(role);
    const value = index === undefined ? '' : String(cells[index] ?? '').trim();
    return value === '' ? null : value;
  };
  const students: SourceRow[] = [];
  rows.forEach((cells, i) => {
    if (i === 0) return;
    const first = foldKey(cells[0] ?? null);
    if (POINTS_ROWS.has(first) || META_ROWS.has(first)) return;
    const firstName = at(cells, 'first');
    const lastName = at(cells, 'last');
    const email = at(cells, 'email');
    const idnumber = at(cells, 'idnumber');
    if (!firstName && !lastName && !email && !idnumber) return;
    const name = [firstName, lastName].filter(Boolean).join(' ');
    students.push({
      row: i + 1,
      name,
      names: [foldWords(name), foldWords([lastName, firstName].filter(Boolean).join(' '))],
      email: email?.toLowerCase() ?? null,
      idnumber,
      cells,
    });
  });
  return { source, columns, rows: students };
}
