import { z } from 'zod';
import { idField } from './common.js';

export const REPORT_MSG = {
  generationRequired: 'Selecciona una generación.',
  generationMissing: 'La generación no existe.',
  subjectMissing: 'La materia no existe.',
  periodMissing: 'El periodo no existe.',
  attributeMissing: 'El atributo no existe.',
  subjectRequired: 'Selecciona una materia específica para consultar la gráfica.',
  loading: 'Cargando reporte...',
  noRecords: 'No hay registros para estos filtros.',
  noRecordsYet: 'Aún no hay registros para mostrar con estos filtros.',
  cataloguesError: 'Error cargando catálogos',
  reportError: 'No se pudo cargar el reporte.',
  exportError: 'No se pudo generar el Excel. Intenta de nuevo.',
  exportEmpty: 'No hay calificaciones de atributos para exportar con estos filtros.',
  exportTooLarge: (max: number) => `El reporte excede ${max.toLocaleString('es-MX')} registros; filtra por materia o periodo para exportarlo.`,
} as const;

/** Rows an export may hold: beyond this the workbook would exceed what a browser download and Excel handle comfortably. */
export const EXPORT_MAX_RECORDS = 200_000;

/** Filters of the division report (DESIGN §3): the generation is required, the others narrow. */
export const flexQuery = z.object({
  generation_id: idField(REPORT_MSG.generationRequired),
  subject_id: idField().optional(),
  period_id: idField().optional(),
  attribute_id: idField().optional(),
});
export type FlexQuery = z.infer<typeof flexQuery>;

/** The export takes the same filters (the attribute is not among the spec's export filters, but narrows when sent). */
export const flexExportQuery = flexQuery;

/** One student's attribute rating in one subject. */
export const ratingRecord = z.object({
  attribute_id: z.number(),
  attribute: z.object({ attribute_name: z.string() }),
  subject_id: z.number(),
  attributerating: z.number(),
  user: z.object({ id: z.number(), gender: z.number().nullable() }),
});
export type RatingRecord = z.infer<typeof ratingRecord>;

/** The exported workbook (the body is the .xlsx bytes, sent as they are). */
export const divisionReportFile = z.any().meta({ type: 'string', format: 'binary', description: 'Archivo .xlsx' });
