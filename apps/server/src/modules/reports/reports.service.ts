import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import {
  BANDS,
  EXPORT_MAX_RECORDS,
  GENDER_LABEL,
  REPORT_MSG,
  attributeDisplayName,
  careerInScope,
  gradeBand,
  generationName,
  normalizeReportValues,
  type Actor,
  type Band,
  type FlexQuery,
} from '@egreso/domain';
import { careerScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import { HttpError, fieldError, forbidden, unprocessable } from '../../lib/http-errors.js';
import { fileMinute, longInstant } from '../../lib/time.js';
import { fitColumnWidth, type CellValue } from '../../lib/xlsx.js';
import type { RatingFilter } from '../ratings/ratings.repository.js';
import { countExportTallies, findFilterNames, listCareerIds, listExportRecords } from './reports.repository.js';

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

const BAND_ORDER: readonly Band[] = ['Sobresaliente', 'Suficiente', 'Insuficiente'];
const bandRange = (band: Band) => {
  const b = BANDS.find((x) => x.name === band)!;
  return `${b.min}-${b.max}`;
};

export interface FlexWorkbook {
  fileName: string;
  buffer: Buffer;
}

type SheetColumns = Array<Partial<ExcelJS.Column>>;

/** Every sheet keeps its bold header row in view and offers filters on it; `write` adds and commits its rows. */
function writeSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: SheetColumns,
  write: (sheet: ExcelJS.Worksheet) => void,
) {
  const sheet = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  write(sheet);
  sheet.autoFilter = { from: 'A1', to: { row: 1, column: columns.length } };
  sheet.commit();
}

/**
 * The division report as a workbook: 'Resumen' (band counts and shares per attribute), 'Calificaciones' (one row per
 * rating record) and 'Filtros' (the filters and the date). The summary is counted in SQL over the same records, with
 * the report's 0-10 rule, before they are read: an empty or too large export is refused without reading them.
 */
export async function buildFlexWorkbook(
  db: DbOrTrx,
  actor: Actor,
  query: FlexQuery,
  now = new Date(),
): Promise<FlexWorkbook> {
  const filter = await resolveFlexFilter(db, actor, query);
  const { tallies } = await countExportTallies(db, filter);
  const total = tallies.reduce((sum, t) => sum + t.records, 0);
  if (total === 0) throw new HttpError(404, REPORT_MSG.exportEmpty);
  if (total > EXPORT_MAX_RECORDS)
    throw unprocessable(
      { subject_id: [REPORT_MSG.exportTooLarge(EXPORT_MAX_RECORDS)] },
      REPORT_MSG.exportTooLarge(EXPORT_MAX_RECORDS),
    );
  const records = await listExportRecords(db, filter);
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

  // Text columns as wide as their longest value (`fitColumnWidth`, as every workbook of the product): a career such
  // as 'Ingeniería en Sistemas Computacionales' is read whole. The rows are known before the streamed sheet starts.
  const fit = (header: string, values: Iterable<CellValue>, minWidth: number) => ({
    header,
    width: fitColumnWidth(header, values, minWidth).width,
  });
  const summaryColumns: SheetColumns = [
    fit(
      'Atributo',
      tallies.map((t) => t.attribute_name),
      40,
    ),
    { header: 'Alumnos con datos', width: 18 },
    { header: 'Registros', width: 12 },
    ...BAND_ORDER.flatMap((b) => [
      { header: `${b} (${bandRange(b)})`, width: 22 },
      { header: `% ${b}`, width: 16, style: { numFmt: '0.0%' } },
    ]),
    // Two careers may name an attribute alike: the career tells their rows apart.
    fit(
      'Carrera',
      tallies.map((t) => t.career_name),
      30,
    ),
  ];
  writeSheet(wb, 'Resumen', summaryColumns, (summary) => {
    for (const t of tallies) {
      const bands: Record<Band, number> = {
        Sobresaliente: t.sobresaliente,
        Suficiente: t.suficiente,
        Insuficiente: t.insuficiente,
      };
      summary
        .addRow([
          t.attribute_name,
          t.students,
          t.records,
          ...BAND_ORDER.flatMap((b) => [bands[b], bands[b] / t.records]),
          t.career_name,
        ])
        .commit();
    }
  });

  const detailColumns: SheetColumns = [
    { header: 'Matrícula', width: 14 },
    fit(
      'Nombre',
      records.map((r) => r.full_name),
      36,
    ),
    { header: 'Género', width: 10 },
    { header: 'Clave', width: 12 },
    fit(
      'Materia',
      records.map((r) => r.subject_name),
      36,
    ),
    fit(
      'Atributo',
      records.map((r) => r.attribute_name),
      40,
    ),
    // The attribute's career: two careers may name an attribute alike.
    fit(
      'Carrera',
      records.map((r) => r.career_name),
      30,
    ),
    { header: 'Calificación', width: 13, style: { numFmt: '0.0' } },
    { header: 'Banda', width: 15 },
  ];
  // Every cell of a column gets the same style object: exceljs caches a style id per style object, and otherwise
  // builds and serializes a fresh copy of the column's style for each of the 440,000 cells (a third of its time).
  // Each column holds one type of value (the id of a style without a number format depends on it), so the ids and
  // the file are the same.
  const columnStyles = detailColumns.map((c) => ({ ...c.style }));
  writeSheet(wb, 'Calificaciones', detailColumns, (detail) => {
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
  });

  const generation = names.generation!;
  const filterRows: Array<[string, string | number]> = [
    ['Generación', generationName(generation.start_date, generation.end_date)],
    ['Carrera', names.careers.join(', ') || 'Ninguna'],
    ['Materia', names.subject ? `${names.subject.subject_key} · ${names.subject.subject_name}` : 'Todas'],
    ['Periodo', names.period?.period_name ?? 'Todos'],
    [
      'Atributo',
      names.attribute
        ? attributeDisplayName(names.attribute.attribute_name, names.attribute.career_id === null)
        : 'Todos',
    ],
    ['Escala', scaledTen ? 'Calificaciones en escala 0-10, multiplicadas por 10' : '0-100'],
    ['Registros', records.length],
    ['Generado el', longInstant(now)],
  ];
  const filterColumns: SheetColumns = [
    { header: 'Filtro', width: 22 },
    { header: 'Valor', width: 50 },
  ];
  writeSheet(wb, 'Filtros', filterColumns, (filters) => {
    for (const row of filterRows) filters.addRow(row).commit();
  });
  await wb.commit();
  const buffer = Buffer.concat(chunks);
  return {
    fileName: `reporte_division_${generationName(generation.start_date, generation.end_date)}_${fileMinute(now)}.xlsx`,
    buffer,
  };
}
