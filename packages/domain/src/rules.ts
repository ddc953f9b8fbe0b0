/** Pure business rules shared by server and client. */

import { daysInMonth } from './dates.js';
import { CRITICAL_INSUFFICIENT_SHARE, type BandTally, type TargetVerdict } from './schemas/evidence.js';

export type Band = 'Insuficiente' | 'Suficiente' | 'Sobresaliente';

/**
 * The colour of each band, the one palette of every chart, legend and badge that shows a band (spec §9: red, yellow,
 * green), far apart in lightness so they also read printed in grey.
 */
export const BAND_COLORS: Record<Band, string> = {
  Insuficiente: '#c62828',
  Suficiente: '#f6c343',
  Sobresaliente: '#1b5e20',
};

/** The colour of an empty value ('S/C'). */
export const NO_BAND_COLOR = '#868e96';

export const BANDS: ReadonlyArray<{ name: Band; min: number; max: number }> = [
  { name: 'Insuficiente', min: 0, max: 69 },
  { name: 'Suficiente', min: 70, max: 89 },
  { name: 'Sobresaliente', min: 90, max: 100 },
];

/** Band of a 0-100 value; 'S/C' when empty or not a number. */
export function gradeBand(value: unknown): Band | 'S/C' {
  if (value === null || value === undefined || value === '') return 'S/C';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 'S/C';
  if (n >= 90) return 'Sobresaliente';
  if (n >= 70) return 'Suficiente';
  return 'Insuficiente';
}

/** The colour of a 0-100 value's band (DESIGN §3), grey when empty: 69.9 red, 70 and 89.9 yellow, 90 green. */
export function bandColor(value: unknown): string {
  const band = gradeBand(value);
  return band === 'S/C' ? NO_BAND_COLOR : BAND_COLORS[band];
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Formats a grade with one decimal, or the given empty text. */
export function formatGrade(value: number | null | undefined, empty = 'S/C'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  return round1(value).toFixed(1);
}

/**
 * Report values: if the largest is 10.5 or less, all are on a 0-10 scale and are multiplied by 10;
 * a missing value counts as 0; everything is rounded to one decimal.
 */
export function normalizeReportValues(values: ReadonlyArray<number | null | undefined>): number[] {
  const nums = values.map((v) => (v === null || v === undefined || !Number.isFinite(v) ? 0 : v));
  const tenScale = usesTenScale(nums);
  return nums.map((v) => reportValue(v, tenScale));
}

/** A report value after the 0-10 rule: ten times the value on a 0-10 scale (`usesTenScale`), one decimal. */
export function reportValue(value: number, tenScale: boolean): number {
  return round1(tenScale ? value * 10 : value);
}

/** The 0-10 scale detection of the reports: some value is present and the largest is 10.5 or less. */
export function usesTenScale(values: ReadonlyArray<number | null | undefined>): boolean {
  const nums = values.filter((v): v is number => v !== null && v !== undefined && Number.isFinite(v));
  return values.length > 0 && (nums.length ? Math.max(...nums) : 0) <= 10.5;
}

/**
 * A grade that reads like one of a 0-10 scale (above 0 and at most 10.5, the reports' rule) typed into a sheet whose
 * other grades are not on that scale: the grade grid asks before saving it (8.5 may be meant as 85).
 */
export function looksLikeTenScale(value: number | null, sheetValues: ReadonlyArray<number>): boolean {
  if (value === null || !(value > 0) || value > 10.5) return false;
  return sheetValues.length === 0 || !usesTenScale(sheetValues);
}

/**
 * How every aggregate rounds, identically here and in SQL (the server's `modules/ratings/rounding.ts` mirrors these
 * two functions, and a test checks them against each other on both databases): grades and ponderations are read in
 * hundredths (floor(x * 100 + 0.5), exact for values typed with up to two decimals), the sums are integers, and the
 * result is the exact quotient rounded half up by integer division (`halfUpQuotient`). No binary fraction is ever
 * rounded, so 84.45 gives 84.5 and 73.25 gives 73.3 on every engine.
 */
export function toHundredths(value: number): number {
  return Math.floor(value * 100 + 0.5);
}

/** floor(a / b) for non-negative integers, exact in doubles (no rounded quotient). */
function intDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** n / d rounded half up to an integer, for integers n >= 0 and d > 0: floor((2n + d) / 2d), exact. */
export function halfUpQuotient(n: number, d: number): number {
  return intDiv(2 * n + d, 2 * d);
}

/** Tenths of a ponderation-weighted mean of graded items; null when none is graded (or every weight is 0). */
export function weightedMeanTenths(items: ReadonlyArray<{ value: number | null; weight: number }>): number | null {
  let sum = 0;
  let weights = 0;
  for (const item of items) {
    if (item.value === null || !Number.isFinite(item.value)) continue;
    if (!Number.isFinite(item.weight) || item.weight <= 0) continue;
    const w = toHundredths(item.weight);
    sum += toHundredths(item.value) * w;
    weights += w;
  }
  if (weights === 0) return null;
  // mean × 10 = sum / (10 × weights), half up.
  return halfUpQuotient(sum, 10 * weights);
}

/** Ponderation-weighted mean of graded items, one decimal (half up, exact); null when none is graded. */
export function weightedMean(items: ReadonlyArray<{ value: number | null; weight: number }>): number | null {
  const tenths = weightedMeanTenths(items);
  return tenths === null ? null : tenths / 10;
}

/**
 * Plain mean of one-decimal ratings (a student's global attribute average over subjects), one decimal, half up and
 * exact like `weightedMean`; empty values are left out, null when none remains.
 */
export function averageRatings(values: ReadonlyArray<number | null | undefined>): number | null {
  let sum = 0;
  let count = 0;
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    sum += Math.round(v * 10);
    count += 1;
  }
  if (count === 0) return null;
  return halfUpQuotient(sum, count) / 10;
}

/** Clamps a typed grade into 0-100; empty stays null. */
export function clampGrade(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.min(100, Math.max(0, n));
}

// ---------- dates ----------

/** Parses 'YYYY-MM-DD' into its parts (no time zone involved). */
function parseIsoDate(iso: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Invalid date: ${iso}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Adds calendar months; a day past the end of the target month is clamped to its last day. */
export function addMonths(iso: string, months: number): string {
  const { y, m, d } = parseIsoDate(iso);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const nd = Math.min(d, daysInMonth(ny, nm));
  return `${pad(ny, 4)}-${pad(nm)}-${pad(nd)}`;
}

const GENERATION_MONTHS = 54;
export const SEMESTERS = 9;

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export interface SemesterPreview {
  semester: number;
  date: string;
  label: string;
}

export interface GenerationPreview {
  start_date: string;
  end_date: string;
  generation_name: string;
  semesters: SemesterPreview[];
}

/** End = start + 54 months; 9 semesters in 6-month steps, end-of-month clamped. */
export function generationPreview(startDate: string): GenerationPreview {
  const end = addMonths(startDate, GENERATION_MONTHS);
  const semesters: SemesterPreview[] = [];
  for (let i = 0; i < SEMESTERS; i++) {
    const date = addMonths(startDate, i * 6);
    const { y, m } = parseIsoDate(date);
    semesters.push({ semester: i + 1, date, label: `Semestre ${i + 1} · ${MONTHS_ES[m - 1]} ${y}` });
  }
  return { start_date: startDate, end_date: end, generation_name: generationName(startDate, end), semesters };
}

/**
 * The semester a generation is in on a date by its calendar: 1 before its second semester starts, 9 from its ninth
 * on (the 6-month steps of `generationPreview`).
 */
export function calendarSemester(startDate: string, today: string): number {
  let semester = 1;
  for (let i = 1; i < SEMESTERS; i++) if (addMonths(startDate, i * 6) <= today) semester = i + 1;
  return semester;
}

export function generationName(startDate: string, endDate: string): string {
  return `${startDate.slice(0, 4)}-${endDate.slice(0, 4)}`;
}

/** Next generation start: latest start + 6 months, or the next 1 August when there is none. */
export function suggestNextGenerationStart(latestStart: string | null, today: string): string {
  if (latestStart) return addMonths(latestStart, 6);
  const { y } = parseIsoDate(today);
  const august = `${pad(y, 4)}-08-01`;
  return today < august ? august : `${pad(y + 1, 4)}-08-01`;
}

// ---------- groups ----------

export type NamingScheme = 'auto' | 'digits' | 'num_letter' | 'grupo_m';

/** Reads the semester a group name carries, or null when the scheme does not match. */
export function semesterFromGroupName(name: string, scheme: NamingScheme): number | null {
  const trimmed = name.trim();
  const valid = (n: number) => (n >= 1 && n <= 9 ? n : null);
  const digits = () => {
    const m = /^(\d)\d{1,2}$/.exec(trimmed);
    return m ? valid(Number(m[1])) : null;
  };
  const numLetter = () => {
    const m = /^(\d)\s*[A-Za-zÑñ]+$/.exec(trimmed);
    return m ? valid(Number(m[1])) : null;
  };
  const grupoM = () => {
    const m = /(\d+)/.exec(trimmed);
    return m && /^grupo\b/i.test(trimmed) ? valid(Number(m[1])) : null;
  };
  switch (scheme) {
    case 'digits':
      return digits();
    case 'num_letter':
      return numLetter();
    case 'grupo_m':
      return grupoM();
    case 'auto':
      return digits() ?? numLetter() ?? grupoM();
  }
}

/**
 * Name of the same group one semester later, by the naming scheme: '501' → '601', '5A' → '6A',
 * 'Grupo M5' → 'Grupo M6'. Null when the name carries no semester or the group is already in the 9th.
 */
export function nextGroupName(name: string, scheme: NamingScheme): string | null {
  const trimmed = name.trim();
  const current = semesterFromGroupName(trimmed, scheme);
  if (current === null || current >= SEMESTERS) return null;
  const next = String(current + 1);
  const tries: NamingScheme[] = scheme === 'auto' ? ['digits', 'num_letter', 'grupo_m'] : [scheme];
  for (const s of tries) {
    if (semesterFromGroupName(trimmed, s) === null) continue;
    // digits and num_letter carry the semester in the first character, Grupo M in its first number.
    return s === 'grupo_m' ? trimmed.replace(/\d+/, next) : next + trimmed.slice(1);
  }
  return null;
}

/** Reads a status typed in a spreadsheet ('Activo', 'baja', 'GRADUADO', or 0/1/2); null when unknown. */
export function parseStudentStatus(value: string): 0 | 1 | 2 | null {
  const v = value.trim().toLowerCase();
  if (v === 'activo' || v === 'activa' || v === '1') return 1;
  if (v === 'baja' || v === '0') return 0;
  if (v === 'graduado' || v === 'graduada' || v === '2') return 2;
  return null;
}

/** Reads a gender typed in a spreadsheet ('Hombre', 'Mujer', 'H', 'M', 1, 2); null when unknown. */
export function parseGender(value: string): 1 | 2 | null {
  const v = value.trim().toLowerCase();
  if (v === 'hombre' || v === 'h' || v === '1' || v === 'masculino') return 1;
  if (v === 'mujer' || v === 'm' || v === '2' || v === 'femenino') return 2;
  return null;
}

// ---------- passwords ----------

/**
 * Initial password of a new teacher or student: the first word of the name in lowercase plus the
 * id number, padded to 8 characters with '1234' when shorter.
 */
export function initialPassword(fullName: string, controlNumber: string): string {
  const first = (fullName.trim().split(/\s+/)[0] ?? '').toLowerCase();
  return padPassword(`${first}${controlNumber.trim()}`);
}

/** Pads a password to 8 characters by repeating '1234'. */
export function padPassword(password: string): string {
  let out = password;
  const filler = '1234';
  let i = 0;
  while (out.length < 8) {
    out += filler[i % filler.length];
    i++;
  }
  return out;
}

/** Default chief password: first word of the full name plus the control number. */
export function chiefPassword(fullName: string, controlNumber: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return `${first}${controlNumber.trim()}`;
}

// ---------- assignments ----------

export interface AssignmentRow {
  id?: number;
  subject_id: number;
  group_id: number;
}

/**
 * Saving assignments by comparison: rows that disappeared are deleted, new pairs are created,
 * unchanged pairs are kept.
 */
export function diffAssignments(
  current: ReadonlyArray<Required<AssignmentRow>>,
  wanted: ReadonlyArray<AssignmentRow>,
): { toDelete: number[]; toCreate: AssignmentRow[]; kept: number[] } {
  const key = (r: AssignmentRow) => `${r.subject_id}:${r.group_id}`;
  const wantedKeys = new Set(wanted.map(key));
  const currentByKey = new Map(current.map((r) => [key(r), r] as const));
  const toDelete = current.filter((r) => !wantedKeys.has(key(r))).map((r) => r.id);
  const kept = current.filter((r) => wantedKeys.has(key(r))).map((r) => r.id);
  const seen = new Set<string>();
  const toCreate: AssignmentRow[] = [];
  for (const r of wanted) {
    const k = key(r);
    if (currentByKey.has(k) || seen.has(k)) continue;
    seen.add(k);
    toCreate.push({ subject_id: r.subject_id, group_id: r.group_id });
  }
  return { toDelete, toCreate, kept };
}

/** Spanish collation for every sorted list. */
export const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

// ---------- grade sheets ----------

/** An activity as the sheet rules need it: its weight and the attributes it is linked to. */
export interface SheetActivity {
  id: number;
  ponderation: number;
  attribute_ids?: readonly number[];
}

/** A student's grade in an activity, or null when ungraded. */
export type GradeOf = (activityId: number) => number | null | undefined;

/**
 * Final grade of a student in an assignment (DESIGN §3): the ponderation-weighted mean of the student's graded
 * activities of the assignment, one decimal; null when none is graded. The grid shows it live as grades are typed.
 */
export function finalGrade(activities: readonly SheetActivity[], gradeOf: GradeOf): number | null {
  return weightedMean(activities.map((a) => ({ value: gradeOf(a.id) ?? null, weight: a.ponderation })));
}

/**
 * Attribute rating of a student (DESIGN §3): the ponderation-weighted mean of their grades on the activities linked to
 * the attribute, one decimal; null when none of them is graded.
 */
export function attributeRating(
  attributeId: number,
  activities: readonly SheetActivity[],
  gradeOf: GradeOf,
): number | null {
  return finalGrade(
    activities.filter((a) => a.attribute_ids?.includes(attributeId)),
    gradeOf,
  );
}

/** How many values fall in each band (empty values are left out): the 'conteo' of the graphic report. */
export function bandCounts(values: ReadonlyArray<number | null | undefined>): {
  sobresaliente: number;
  suficiente: number;
  insuficiente: number;
} {
  const counts = { sobresaliente: 0, suficiente: 0, insuficiente: 0 };
  for (const v of values) {
    const band = gradeBand(v);
    if (band === 'Sobresaliente') counts.sobresaliente += 1;
    else if (band === 'Suficiente') counts.suficiente += 1;
    else if (band === 'Insuficiente') counts.insuficiente += 1;
  }
  return counts;
}

// ---------- reports ----------

export interface BandCounts {
  insuficiente: number;
  suficiente: number;
  sobresaliente: number;
}

/** Each band's share of the students counted, in percent with one decimal; all 0 when nobody is counted. */
export function bandPercentages(counts: BandCounts): BandCounts {
  const total = counts.insuficiente + counts.suficiente + counts.sobresaliente;
  const pct = (n: number) => (total === 0 ? 0 : round1((n / total) * 100));
  return {
    insuficiente: pct(counts.insuficiente),
    suficiente: pct(counts.suficiente),
    sobresaliente: pct(counts.sobresaliente),
  };
}

/**
 * The division report's labels of its attributes (display names, `attributeDisplayName`): each followed by its
 * career's key ('Comunicación efectiva (ISC)') when the attributes belong to more than one career or two share a
 * name, since careers may name an attribute alike; a shared attribute has no key and keeps its '(compartido)'.
 */
export function distinguishAttributeNames(
  attributes: ReadonlyArray<{ attribute_name: string; career_key: string | null }>,
): string[] {
  const names = attributes.map((a) => a.attribute_name);
  const careers = new Set(attributes.map((a) => a.career_key).filter((k) => k !== null));
  const ambiguous = careers.size > 1 || new Set(names).size < names.length;
  return attributes.map((a) =>
    ambiguous && a.career_key ? `${a.attribute_name} (${a.career_key})` : a.attribute_name,
  );
}

// ---------- cohort evidence: shares and verdicts against a target ----------

/** Students (or rating records) counted per band, with their total. */
export interface CountedBands extends BandCounts {
  total: number;
}

/** Percent of a part with one decimal, half up on the exact quotient (integers only); 0 of nothing is 0. */
export function percent(part: number, total: number): number {
  if (total <= 0) return 0;
  return halfUpQuotient(1000 * part, total) / 10;
}

/** The counts of each band with their shares (`percent` of the total). */
export function tally(counts: CountedBands): BandTally {
  return {
    total: counts.total,
    sobresaliente: counts.sobresaliente,
    suficiente: counts.suficiente,
    insuficiente: counts.insuficiente,
    sobresaliente_pct: percent(counts.sobresaliente, counts.total),
    suficiente_pct: percent(counts.suficiente, counts.total),
    insuficiente_pct: percent(counts.insuficiente, counts.total),
  };
}

/**
 * Counts against a target (percent): met when the share at Suficiente or above reaches it, compared on integers (no
 * rounded share decides); critical when CRITICAL_INSUFFICIENT_SHARE percent or more are Insuficiente; no verdict
 * (`met` null) without data.
 */
export function verdict(counts: CountedBands, target: number): TargetVerdict {
  const atLeastSufficient = counts.sobresaliente + counts.suficiente;
  return {
    share: percent(atLeastSufficient, counts.total),
    target,
    met: counts.total === 0 ? null : atLeastSufficient * 100 >= target * counts.total,
    critical: counts.total > 0 && counts.insuficiente * 100 >= CRITICAL_INSUFFICIENT_SHARE * counts.total,
  };
}
