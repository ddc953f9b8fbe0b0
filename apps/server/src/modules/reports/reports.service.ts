import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import {
  BANDS,
  EXPORT_MAX_RECORDS,
  GENDER_LABEL,
  REPORT_MSG,
  careerInScope,
  gradeBand,
  generationName,
  normalizeReportValues,
  tallyByAttribute,
  type Actor,
  type Band,
  type FlexQuery,
} from '@egreso/domain';
import { careerScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import { HttpError, fieldError, forbidden, unprocessable } from '../../lib/http-errors.js';
import { institutionTimeZone } from '../../lib/time.js';
import type { RatingFilter } from '../ratings/ratings.repository.js';
import { findFilterNames, listExportRecords } from './reports.repository.js';

/**
 * The report's filters as a rating filter, after checking that each chosen row exists (422 on its field) and that
 * the career is one the user acts on (403). Without a career, every career of the user's (an administrator's: all):
 * the records are always those of a career's attributes for the students linked to that career.
 */
export async function resolveFlexFilter(
  db: DbOrTrx,
  actor: Actor,
  query: FlexQuery,
): Promise<RatingFilter & { generationId: number; careerIds: readonly number[] }> {
  const checks = [
    ['generation_id', 'generations', query.generation_id, REPORT_MSG.generationMissing],
    ['subject_id', 'subjects', query.subject_id, REPORT_MSG.subjectMissing],
    ['period_id', 'periods', query.period_id, REPORT_MSG.periodMissing],
    ['attribute_id', 'attributes', query.attribute_id, REPORT_MSG.attributeMissing],
    ['career_id', 'careers', query.career_id, REPORT_MSG.careerMissing],
  ] as const;
  for (const [field, table, id, message] of checks) {
    if (id !== undefined && !(await rowExists(db, table, id))) throw fieldError(field, message);
  }
  const scope = await careerScope(db, actor);
  if (query.career_id !== undefined && !careerInScope(scope, query.career_id))
    throw forbidden(REPORT_MSG.notYourCareer);
  const careerIds =
    query.career_id !== undefined
      ? [query.career_id]
      : scope.all
        ? (await db.selectFrom('careers').select('id').execute()).map((c) => c.id)
        : scope.careers;
  return {
    generationId: query.generation_id,
    subjectId: query.subject_id,
    periodId: query.period_id,
    attributeId: query.attribute_id,
    careerIds,
  };
}

const BAND_ORDER: readonly Band[] = ['Sobresaliente', 'Suficiente', 'Insuficiente'];
const bandRange = (band: Band) => {
  const b = BANDS.find((x) => x.name === band)!;
  return `${b.min}-${b.max}`;
};

/** Date and time in the institution's time zone, as the sheet's "Generado el" reads it. */
function generatedAt(now: Date): string {
  return new Intl.DateTimeFormat('es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: institutionTimeZone(),
  }).format(now);
}

function stamp(now: Date): string {
  const p = new Intl.DateTimeFormat('en-CA', {
    timeZone: institutionTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const v = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return `${v('year')}${v('month')}${v('day')}-${v('hour')}${v('minute')}`;
}

export interface FlexWorkbook {
  fileName: string;
  buffer: Buffer;
}

/**
 * The division report as a workbook: 'Resumen' (band counts and shares per attribute), 'Calificaciones' (one row per
 * rating record) and 'Filtros' (the filters and the date). The summary is counted from the very records of the
 * second sheet, with the report's 0-10 rule applied to both, so the two sheets cannot disagree.
 */
export async function buildFlexWorkbook(
  db: DbOrTrx,
  actor: Actor,
  query: FlexQuery,
  now = new Date(),
): Promise<FlexWorkbook> {
  const filter = await resolveFlexFilter(db, actor, query);
  const records = await listExportRecords(db, filter);
  if (records.length === 0) throw new HttpError(404, REPORT_MSG.exportEmpty);
  if (records.length > EXPORT_MAX_RECORDS)
    throw unprocessable(
      { subject_id: [REPORT_MSG.exportTooLarge(EXPORT_MAX_RECORDS)] },
      REPORT_MSG.exportTooLarge(EXPORT_MAX_RECORDS),
    );
  const names = await findFilterNames(db, filter);
  const values = normalizeReportValues(records.map((r) => r.rating));
  const scaledTen = records.some((r, i) => values[i] !== r.rating);

  // The streaming writer without shared strings: about half the CPU of the in-memory workbook for a generation's
  // 55,000 rows (bench/RESULTS.md), and the rows are not kept twice in memory.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  wb.created = now;
  wb.creator = 'Atributos de egreso';

  // Every sheet keeps its header row in view and offers filters on it.
  const frozenHeader = { views: [{ state: 'frozen' as const, ySplit: 1, xSplit: 0 }] };
  const summary = wb.addWorksheet('Resumen', frozenHeader);
  summary.columns = [
    { header: 'Atributo', width: 40 },
    { header: 'Alumnos con datos', width: 18 },
    { header: 'Registros', width: 12 },
    ...BAND_ORDER.flatMap((b) => [
      { header: `${b} (${bandRange(b)})`, width: 22 },
      { header: `% ${b}`, width: 16, style: { numFmt: '0.0%' } },
    ]),
    // Two careers may name an attribute alike: the career tells their rows apart.
    { header: 'Carrera', width: 30 },
  ];
  const named = new Map(records.map((r) => [r.attribute_id, { name: r.attribute_name, career: r.career_name ?? '' }]));
  const tallies = tallyByAttribute(records, values)
    .map((t) => ({ ...t, ...named.get(t.attribute_id)! }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es-MX') || a.career.localeCompare(b.career, 'es-MX'));
  summary.getRow(1).font = { bold: true };
  for (const t of tallies) {
    summary
      .addRow([
        t.name,
        t.students,
        t.records,
        ...BAND_ORDER.flatMap((b) => [t.bands[b], t.bands[b] / t.records]),
        t.career,
      ])
      .commit();
  }
  summary.autoFilter = { from: 'A1', to: { row: 1, column: summary.columns.length } };
  summary.commit();

  const detail = wb.addWorksheet('Calificaciones', frozenHeader);
  detail.columns = [
    { header: 'Matrícula', width: 14 },
    { header: 'Nombre', width: 36 },
    { header: 'Género', width: 10 },
    { header: 'Clave', width: 12 },
    { header: 'Materia', width: 36 },
    { header: 'Atributo', width: 40 },
    // The attribute's career: two careers may name an attribute alike.
    { header: 'Carrera', width: 30 },
    { header: 'Calificación', width: 13, style: { numFmt: '0.0' } },
    { header: 'Banda', width: 15 },
  ];
  detail.getRow(1).font = { bold: true };
  // Every cell of a column gets the same style object: exceljs caches a style id per style object, and otherwise
  // builds and serializes a fresh copy of the column's style for each of the 440,000 cells (a third of its time).
  // Each column holds one type of value (the id of a style without a number format depends on it), so the ids and
  // the file are the same.
  const columnStyles = detail.columns.map((c) => ({ ...c.style }));
  records.forEach((r, i) => {
    const gender = r.gender === null ? '' : (GENDER_LABEL[r.gender] ?? '');
    const row = detail.addRow([
      r.controlnumber ?? '',
      r.full_name,
      gender,
      r.subject_key,
      r.subject_name,
      r.attribute_name,
      r.career_name ?? '',
      values[i],
      gradeBand(values[i]),
    ]);
    row.eachCell((cell, n) => {
      cell.style = columnStyles[n - 1]!;
    });
    row.commit();
  });
  detail.autoFilter = { from: 'A1', to: { row: 1, column: detail.columns.length } };
  detail.commit();

  const generation = names.generation!;
  const filters = wb.addWorksheet('Filtros', frozenHeader);
  filters.columns = [
    { header: 'Filtro', width: 22 },
    { header: 'Valor', width: 50 },
  ];
  const filterRows: Array<[string, string | number]> = [
    ['Generación', generationName(generation.start_date, generation.end_date)],
    ['Carrera', names.careers.join(', ') || 'Ninguna'],
    ['Materia', names.subject ? `${names.subject.subject_key} · ${names.subject.subject_name}` : 'Todas'],
    ['Periodo', names.period?.period_name ?? 'Todos'],
    ['Atributo', names.attribute?.attribute_name ?? 'Todos'],
    ['Escala', scaledTen ? 'Calificaciones en escala 0-10, multiplicadas por 10' : '0-100'],
    ['Registros', records.length],
    ['Generado el', generatedAt(now)],
  ];
  filters.getRow(1).font = { bold: true };
  for (const row of filterRows) filters.addRow(row).commit();
  filters.autoFilter = { from: 'A1', to: { row: 1, column: 2 } };
  filters.commit();
  await wb.commit();
  const buffer = Buffer.concat(chunks);
  return {
    fileName: `reporte_division_${generationName(generation.start_date, generation.end_date)}_${stamp(now)}.xlsx`,
    buffer,
  };
}
