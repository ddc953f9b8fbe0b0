import { z } from 'zod';
import { idField } from './common.js';
import { bandTally } from './evidence.js';

export const REPORT_MSG = {
  generationRequired: 'Selecciona una generación.',
  generationMissing: 'La generación no existe.',
  subjectMissing: 'La materia no existe.',
  careerMissing: 'La carrera no existe.',
  notYourCareer: 'Solo puedes consultar los reportes de tus carreras.',
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
  /** An export refused without a reason (spec). */
  exportFailed: (status: number) => `Export falló (${status}). ...`,
  exportTooLarge: (max: number) =>
    `El reporte excede ${max.toLocaleString('es-MX')} registros; filtra por materia o periodo para exportarlo.`,
} as const;

/** Rows an export may hold: beyond this the workbook would exceed what a browser download and Excel handle comfortably. */
export const EXPORT_MAX_RECORDS = 200_000;

/** Filters of the division report (DESIGN §3): the generation is required, the others narrow. */
export const flexQuery = z.object({
  generation_id: idField(REPORT_MSG.generationRequired),
  subject_id: idField().optional(),
  period_id: idField().optional(),
  attribute_id: idField().optional(),
  /** One career (a chief: one of theirs); absent: every career the user acts on. */
  career_id: idField('La carrera no es válida.').optional(),
});
export type FlexQuery = z.infer<typeof flexQuery>;

/** The export takes the same filters (the attribute is not among the spec's export filters, but narrows when sent). */
export const flexExportQuery = flexQuery;

/** One student's attribute rating in one subject. */
export const ratingRecord = z.object({
  attribute_id: z.number(),
  /** The attribute's career tells apart two careers' attributes of one name. */
  attribute: z.object({
    attribute_name: z.string(),
    career_id: z.number().nullable(),
    career_key: z.string().nullable(),
  }),
  subject_id: z.number(),
  attributerating: z.number(),
  user: z.object({ id: z.number(), gender: z.number().nullable() }),
});
export type RatingRecord = z.infer<typeof ratingRecord>;

/**
 * One attribute of the division report's summary: its rating records by band (`bands.total` records) with their
 * shares, the distinct students among them and the share at Suficiente or above (percents with one decimal, the
 * domain's `percent`).
 */
export const divisionSummaryAttribute = z.object({
  attribute_id: z.number(),
  /** The attribute's name; a shared attribute (no career) says so: 'Ética (compartido)'. */
  attribute_name: z.string(),
  /**
   * The name the screen shows: `attribute_name`, followed by its career's key ('Comunicación efectiva (ISC)') when the
   * summary holds attributes of more than one career or two of one name (careers may name an attribute alike).
   */
  label: z.string(),
  career_id: z.number().nullable(),
  career_key: z.string().nullable(),
  /** The career's name; a shared attribute's reads 'Compartido por todas las carreras'. */
  career_name: z.string(),
  students: z.number(),
  bands: bandTally,
  sufficient_or_above_pct: z.number(),
});
export type DivisionSummaryAttribute = z.infer<typeof divisionSummaryAttribute>;

/**
 * The division report's summary (DESIGN §3), computed once on the server for the screen and the workbook: the distinct
 * students with records and their genders, the records, whether the 0-10 rule multiplied the values by 10, and each
 * attribute's tally in the attributes' order (code, then name).
 */
export const divisionSummary = z.object({
  men: z.number(),
  women: z.number(),
  students: z.number(),
  records: z.number(),
  scaled_ten: z.boolean(),
  attributes: z.array(divisionSummaryAttribute),
});
export type DivisionSummary = z.infer<typeof divisionSummary>;

/** The exported workbook (the body is the .xlsx bytes, sent as they are). */
export const divisionReportFile = z.any().meta({ type: 'string', format: 'binary', description: 'Archivo .xlsx' });

/** Share of the students with data expected at Suficiente or above when no target was set (percent). */
export const DEFAULT_ATTRIBUTE_TARGET = 70;

export const TARGET_MSG = {
  careerRequired: 'Selecciona una carrera.',
  periodRequired: 'Selecciona un periodo.',
  careerMissing: 'La carrera no existe.',
  periodMissing: 'El periodo no existe.',
  notYourCareer: 'Solo puedes consultar y editar las metas de tus carreras.',
  attributeNotInCareer: 'El atributo no pertenece a la carrera.',
  target: 'La meta debe ser un número entero entre 0 y 100.',
  targetsRequired: 'Envía al menos una meta.',
  duplicateAttribute: 'Cada atributo puede aparecer una sola vez.',
  saved: 'Metas guardadas correctamente.',
} as const;

export const targetsQuery = z.object({
  career_id: idField(TARGET_MSG.careerRequired),
  period_id: idField(TARGET_MSG.periodRequired),
});

export const targetsBody = z.object({
  career_id: idField(TARGET_MSG.careerRequired),
  period_id: idField(TARGET_MSG.periodRequired),
  targets: z
    .array(
      z.object({
        attribute_id: idField(),
        target: z
          .number(TARGET_MSG.target)
          .int(TARGET_MSG.target)
          .min(0, TARGET_MSG.target)
          .max(100, TARGET_MSG.target),
      }),
      TARGET_MSG.targetsRequired,
    )
    .min(1, TARGET_MSG.targetsRequired)
    .max(500, TARGET_MSG.targetsRequired)
    .refine((list) => new Set(list.map((t) => t.attribute_id)).size === list.length, TARGET_MSG.duplicateAttribute),
});
export type TargetsBody = z.infer<typeof targetsBody>;

/** Where an attribute's target for a period comes from: set in that period, carried from an earlier one, or the default. */
export const TARGET_SOURCES = ['periodo', 'anterior', 'predeterminada'] as const;

export const attributeTarget = z.object({
  attribute_id: z.number(),
  attribute_name: z.string(),
  codigo: z.string().nullable(),
  /** An attribute with no career: shared by every career, its target kept per career. */
  shared: z.boolean(),
  target: z.number(),
  source: z.enum(TARGET_SOURCES),
  /** The period whose value applies (null for the default). */
  source_period_name: z.string().nullable(),
});
export type AttributeTarget = z.infer<typeof attributeTarget>;

export const targetsAnswer = z.object({
  career_id: z.number(),
  period_id: z.number(),
  targets: z.array(attributeTarget),
});
export type TargetsAnswer = z.infer<typeof targetsAnswer>;
