import type ExcelJS from 'exceljs';
import {
  BANDS,
  EXPORT_MAX_RECORDS,
  GENDER_LABEL,
  REPORT_MSG,
  SHARED_ATTRIBUTE_CAREER,
  attributeDisplayName,
  careerInScope,
  distinguishAttributeNames,
  gradeBand,
  generationName,
  percent,
  reportValue,
  tally,
  type Actor,
  type Band,
  type DivisionSummary,
  type FlexQuery,
} from '@egreso/domain';
import { careerScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import { HttpError, fieldError, forbidden, unprocessable } from '../../lib/http-errors.js';
import { fileMinute, longInstant } from '../../lib/time.js';
import {
  fitColumnWidth,
  streamWorkbook,
  writeStreamedSheet,
  type CellValue,
  type StreamedColumns,
  type StreamedWorkbook,
} from '../../lib/xlsx.js';
import { countReportBands, type RatingFilter } from '../ratings/index.js';
import {
  findFilterNames,
  listCareerIds,
  listExportRecords,
  listReportAttributes,
  type ExportRecordRow,
} from './reports.repository.js';

/**
 * The report's filters as a rating filter, after checking that each chosen row exists (422 on its field) and that
 * the career is one the user acts on (403). Without a career, every career of the user's (an administrator's: all):
 * the records are those of the careers' attributes and the shared ones for the careers' students (`ratedInCareers`).
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
    query.career_id !== undefined ? [query.career_id] : scope.all ? await listCareerIds(db) : scope.careers;
  return {
    generationId: query.generation_id,
    subjectId: query.subject_id,
    periodId: query.period_id,
    attributeId: query.attribute_id,
    careerIds,
  };
}

/**
 * The division report's summary (DESIGN §3), the one answer the screen (`GET /reportes/flex/resumen`) and the workbook
 * render: counted in SQL by the ratings module (bands by the reports' 0-10 rule, students by gender), named in the
 * attributes' order, with the domain's shares (`tally`, `percent`) and labels (`distinguishAttributeNames`).
 */
export async function summarizeDivisionReport(db: DbOrTrx, filter: RatingFilter): Promise<DivisionSummary> {
  const counts = await countReportBands(db, filter);
  const genders = counts.genders;
  const byId = new Map(counts.attributes.map((c) => [c.attribute_id, c]));
  const named = await listReportAttributes(db, [...byId.keys()]);
  const attributes = named.map((a) => {
    const c = byId.get(a.id)!;
    return {
      attribute_id: a.id,
      attribute_name: attributeDisplayName(a.attribute_name, a.career_id === null),
      career_id: a.career_id,
      career_key: a.career_key,
      career_name: a.career_id === null ? SHARED_ATTRIBUTE_CAREER : (a.career_name ?? ''),
      students: c.students,
      bands: tally({ ...c, total: c.records }),
      sufficient_or_above_pct: percent(c.sobresaliente + c.suficiente, c.records),
    };
  });
  const labels = distinguishAttributeNames(attributes);
  const studentsOf = (gender: number | null) => genders.find((g) => g.gender === gender)?.students ?? 0;
  return {
    men: studentsOf(1),
    women: studentsOf(2),
    students: genders.reduce((sum, g) => sum + g.students, 0),
    records: counts.attributes.reduce((sum, c) => sum + c.records, 0),
    scaled_ten: counts.tenScale && (counts.maxTenths ?? 0) > 0,
    attributes: attributes.map((a, i) => ({ ...a, label: labels[i]! })),
  };
}

/** `GET /reportes/flex/resumen`: the summary of the filters the user may see (`resolveFlexFilter`). */
export async function divisionSummary(db: DbOrTrx, actor: Actor, query: FlexQuery): Promise<DivisionSummary> {
  return summarizeDivisionReport(db, await resolveFlexFilter(db, actor, query));
}

const BAND_ORDER: readonly Band[] = ['Sobresaliente', 'Suficiente', 'Insuficiente'];
const BAND_KEY = { Sobresaliente: 'sobresaliente', Suficiente: 'suficiente', Insuficiente: 'insuficiente' } as const;
const bandRange = (band: Band) => {
  const b = BANDS.find((x) => x.name === band)!;
  return `${b.min}-${b.max}`;
};

export interface FlexWorkbook {
  fileName: string;
  buffer: Buffer;
}

/**
 * Text columns as wide as their longest value (`fitColumnWidth`, as every workbook of the product): a career such as
 * 'Ingeniería en Sistemas Computacionales' is read whole. The rows are known before the streamed sheet starts.
 */
function fit<R>(
  header: string,
  rows: readonly R[],
  value: (row: R) => CellValue,
  minWidth: number,
): Partial<ExcelJS.Column> {
  return { header, width: fitColumnWidth(header, rows.map(value), minWidth).width };
}

/** A percent with one decimal as the fraction a '0.0%' cell shows (33.3 → 0.333, not 0.33299…). */
const fraction = (pct: number) => Math.round(pct * 10) / 1000;

/** 'Resumen': the summary's tally of each attribute, its shares as percents of the cell's format. */
function writeSummarySheet(wb: StreamedWorkbook, summary: DivisionSummary) {
  const rows = summary.attributes;
  const columns: StreamedColumns = [
    fit('Atributo', rows, (t) => t.attribute_name, 40),
    { header: 'Alumnos con datos', width: 18 },
    { header: 'Registros', width: 12 },
    ...BAND_ORDER.flatMap((b) => [
      { header: `${b} (${bandRange(b)})`, width: 22 },
      { header: `% ${b}`, width: 16, style: { numFmt: '0.0%' } },
    ]),
    // Two careers may name an attribute alike: the career tells their rows apart.
    fit('Carrera', rows, (t) => t.career_name, 30),
  ];
  writeStreamedSheet(wb, 'Resumen', columns, (sheet) => {
    for (const t of rows) {
      const bands = BAND_ORDER.flatMap((b) => [t.bands[BAND_KEY[b]], fraction(t.bands[`${BAND_KEY[b]}_pct`])]);
      sheet.addRow([t.attribute_name, t.students, t.bands.total, ...bands, t.career_name]).commit();
    }
  });
}

/** 'Calificaciones': one row per rating record, its value after the summary's 0-10 rule and its band. */
function writeDetailSheet(wb: StreamedWorkbook, records: ExportRecordRow[], tenScale: boolean) {
  const columns: StreamedColumns = [
    { header: 'Matrícula', width: 14 },
    fit('Nombre', records, (r) => r.full_name, 36),
    { header: 'Género', width: 10 },
    { header: 'Clave', width: 12 },
    fit('Materia', records, (r) => r.subject_name, 36),
    fit('Atributo', records, (r) => r.attribute_name, 40),
    // The attribute's career: two careers may name an attribute alike.
    fit('Carrera', records, (r) => r.career_name, 30),
    { header: 'Calificación', width: 13, style: { numFmt: '0.0' } },
    { header: 'Banda', width: 15 },
  ];
  // Every cell of a column gets the same style object: exceljs caches a style id per style object, and otherwise
  // builds and serializes a fresh copy of the column's style for each of the 440,000 cells (a third of its time).
  // Each column holds one type of value (the id of a style without a number format depends on it), so the ids and
  // the file are the same.
  const styles = columns.map((c) => ({ ...c.style }));
  writeStreamedSheet(wb, 'Calificaciones', columns, (sheet) => {
    for (const r of records) {
      const value = reportValue(r.rating, tenScale);
      const gender = r.gender === null ? '' : (GENDER_LABEL[r.gender] ?? '');
      const row = sheet.addRow([
        r.controlnumber ?? '',
        r.full_name,
        gender,
        r.subject_key,
        r.subject_name,
        r.attribute_name,
        r.career_name ?? '',
        value,
        gradeBand(value),
      ]);
      row.eachCell((cell, n) => {
        cell.style = styles[n - 1]!;
      });
      row.commit();
    }
  });
}

type FilterNames = Awaited<ReturnType<typeof findFilterNames>>;

/** 'Filtros': the filters by name, the scale, the records and the date. */
function writeFilterSheet(wb: StreamedWorkbook, names: FilterNames, summary: DivisionSummary, now: Date) {
  const generation = names.generation!;
  const attribute = names.attribute;
  const rows: Array<[string, string | number]> = [
    ['Generación', generationName(generation.start_date, generation.end_date)],
    ['Carrera', names.careers.join(', ') || 'Ninguna'],
    ['Materia', names.subject ? `${names.subject.subject_key} · ${names.subject.subject_name}` : 'Todas'],
    ['Periodo', names.period?.period_name ?? 'Todos'],
    ['Atributo', attribute ? attributeDisplayName(attribute.attribute_name, attribute.career_id === null) : 'Todos'],
    ['Escala', summary.scaled_ten ? 'Calificaciones en escala 0-10, multiplicadas por 10' : '0-100'],
    ['Registros', summary.records],
    ['Generado el', longInstant(now)],
  ];
  const columns: StreamedColumns = [
    { header: 'Filtro', width: 22 },
    { header: 'Valor', width: 50 },
  ];
  writeStreamedSheet(wb, 'Filtros', columns, (sheet) => {
    for (const row of rows) sheet.addRow(row).commit();
  });
}

/** An export holds records, and at most EXPORT_MAX_RECORDS of them (404, 422 otherwise). */
function checkExportSize(records: number) {
  if (records === 0) throw new HttpError(404, REPORT_MSG.exportEmpty);
  if (records > EXPORT_MAX_RECORDS)
    throw unprocessable(
      { subject_id: [REPORT_MSG.exportTooLarge(EXPORT_MAX_RECORDS)] },
      REPORT_MSG.exportTooLarge(EXPORT_MAX_RECORDS),
    );
}

/**
 * The division report as a workbook: 'Resumen' (the report's summary, `summarizeDivisionReport`, as the screen shows
 * it), 'Calificaciones' (one row per rating record) and 'Filtros' (the filters and the date). The summary is counted
 * before the records are read: an empty or too large export is refused without reading them.
 */
export async function buildFlexWorkbook(
  db: DbOrTrx,
  actor: Actor,
  query: FlexQuery,
  now = new Date(),
): Promise<FlexWorkbook> {
  const filter = await resolveFlexFilter(db, actor, query);
  const summary = await summarizeDivisionReport(db, filter);
  checkExportSize(summary.records);
  const records = await listExportRecords(db, filter);
  const names = await findFilterNames(db, filter);
  const buffer = await streamWorkbook({ creator: 'Atributos de egreso', created: now }, (wb) => {
    writeSummarySheet(wb, summary);
    writeDetailSheet(wb, records, summary.scaled_ten);
    writeFilterSheet(wb, names, summary, now);
  });
  const generation = generationName(names.generation!.start_date, names.generation!.end_date);
  return { fileName: `reporte_division_${generation}_${fileMinute(now)}.xlsx`, buffer };
}
