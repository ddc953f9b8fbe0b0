import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { MAX_ID, idField } from './common.js';

export const RUBRIC_MSG = {
  criterionFillAll: 'Por favor, completa todos los campos obligatorios para el criterio.',
  indicatorFillAll: 'Por favor, completa todos los campos obligatorios para el indicador.',
  weightRange: 'El peso debe ser un número entero entre 1 y 100.',
  criteriaSum: 'La suma de los pesos de los criterios para este atributo no puede ser mayor a 100%',
  indicatorsSum: (weight: number) =>
    `La suma de los pesos de los indicadores no puede ser mayor al peso del criterio (${weight}%)`,
  /** Lowering a criterion below what its indicators already add up to would break the indicators' rule. */
  criterionBelowIndicators: (sum: number) =>
    `El peso del criterio no puede ser menor a la suma de sus indicadores (${sum}%). Ajusta primero los indicadores.`,
  attributeNotInSubject: 'El atributo no pertenece a la materia de esta rúbrica.',
  scaleMissing: 'La escala de evaluación no existe.',
  rubricNotFound: 'Rúbrica no encontrada.',
  rubricNotCreated: 'Esta materia aún no tiene rúbrica.',
  criterionNotFound: 'Criterio no encontrado.',
  indicatorNotFound: 'Indicador no encontrado.',
  assignmentNotFound: 'Asignación no encontrada.',
  assignmentRequired: 'Selecciona una materia asignada.',
  copySameAssignment: 'Elige otra asignación como origen de la copia.',
  copyOtherSubject: 'Solo puedes copiar la rúbrica de otra asignación de la misma materia.',
  copySourceEmpty: 'La asignación de origen no tiene rúbrica para copiar.',
  criterionDeleted: 'Criterio eliminado.',
  indicatorDeleted: 'Indicador eliminado.',
  // Client texts of the spec.
  creating: 'Creando rúbrica, por favor espera...',
  createFailed: 'No se pudo crear la rúbrica automáticamente.',
  loadFailed: 'Error al obtener la rúbrica.',
  criterionSaveFailed: 'Ocurrió un error al guardar el criterio.',
  indicatorSaveFailed: 'Ocurrió un error al guardar el indicador.',
  descriptionSaveFailed: 'No se pudo actualizar la descripción',
  criterionSaved: '¡Criterio guardado exitosamente!',
  indicatorSaved: '¡Indicador guardado exitosamente!',
  descriptionSaved: '¡Descripción guardada exitosamente!',
  noCareer: 'No tienes ninguna carrera asignada. Por favor, contacta a tu jefe(a) de carrera o a servicios escolares.',
  criteriaNot100: '(¡No suma 100!)',
  indicatorsNotWeight: (weight: number) => `(¡No suma ${weight}!)`,
  noDescription: 'Sin descripción',
} as const;

/** A required id with the form's "complete every field" message. */
const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number(message).int(message).positive(message).max(MAX_ID, message),
  );

/** A whole weight 1-100: a missing one gets the form's message, anything else not fitting the range one. */
const weight = (requiredMessage: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : RUBRIC_MSG.weightRange) })
      .int(RUBRIC_MSG.weightRange)
      .min(LIMITS.weightMin, RUBRIC_MSG.weightRange)
      .max(LIMITS.weightMax, RUBRIC_MSG.weightRange),
  );

/** Names are trimmed and upper-cased (es-MX), as the spec asks for criteria and indicators. */
const upperText = (max: number, requiredMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(max, MSG.tooLong(max))
    .transform((v) => v.toLocaleUpperCase('es-MX'));

export const rubricCreateBody = z.object({
  professor_subject_id: requiredId(RUBRIC_MSG.assignmentRequired),
  rubric_name: z
    .string('El nombre de la rúbrica debe ser texto.')
    .trim()
    .max(LIMITS.criterionName, MSG.tooLong(LIMITS.criterionName))
    .optional(),
});
export type RubricCreateBody = z.input<typeof rubricCreateBody>;

export const criterionCreateBody = z.object({
  rubric_id: requiredId(RUBRIC_MSG.criterionFillAll),
  attribute_id: requiredId(RUBRIC_MSG.criterionFillAll),
  name_criterion: upperText(LIMITS.criterionName, RUBRIC_MSG.criterionFillAll),
  weight: weight(RUBRIC_MSG.criterionFillAll),
});
export type CriterionCreateBody = z.input<typeof criterionCreateBody>;

export const criterionUpdateBody = z.object({
  name_criterion: upperText(LIMITS.criterionName, RUBRIC_MSG.criterionFillAll),
  weight: weight(RUBRIC_MSG.criterionFillAll),
});
export type CriterionUpdateBody = z.input<typeof criterionUpdateBody>;

/** An empty description removes the custom text, and the cell shows 'Sin descripción' again. */
export const assignScaleBody = z.object({
  scale_id: requiredId('Selecciona una escala de evaluación.'),
  custom_description: z
    .string('La descripción debe ser texto.')
    .trim()
    .max(LIMITS.scaleDescription, MSG.tooLong(LIMITS.scaleDescription)),
});
export type AssignScaleBody = z.input<typeof assignScaleBody>;

export const indicatorCreateBody = z.object({
  evaluationcriteria_id: requiredId(RUBRIC_MSG.indicatorFillAll),
  description: upperText(LIMITS.indicatorDescription, RUBRIC_MSG.indicatorFillAll),
  weight: weight(RUBRIC_MSG.indicatorFillAll),
});
export type IndicatorCreateBody = z.input<typeof indicatorCreateBody>;

export const indicatorUpdateBody = z.object({
  description: upperText(LIMITS.indicatorDescription, RUBRIC_MSG.indicatorFillAll),
  weight: weight(RUBRIC_MSG.indicatorFillAll),
});
export type IndicatorUpdateBody = z.input<typeof indicatorUpdateBody>;

export const rubricCopyBody = z.object({
  from_professor_subject_id: requiredId(RUBRIC_MSG.assignmentRequired),
  to_professor_subject_id: requiredId(RUBRIC_MSG.assignmentRequired),
});
export type RubricCopyBody = z.input<typeof rubricCopyBody>;

export const copySourcesQuery = z.object({ professor_subject_id: idField(RUBRIC_MSG.assignmentRequired) });

export const evaluationScale = z.object({
  id: z.number(),
  scale_name: z.string(),
  min_value: z.number(),
  max_value: z.number(),
});
export type EvaluationScale = z.infer<typeof evaluationScale>;

export const criterionScale = z.object({
  scale_id: z.number(),
  scale_name: z.string(),
  min_value: z.number(),
  max_value: z.number(),
  /** null when the teacher wrote none: the screen shows 'Sin descripción'. */
  custom_description: z.string().nullable(),
});

export const indicator = z.object({
  id: z.number(),
  evaluationcriteria_id: z.number(),
  description: z.string(),
  weight: z.number(),
});
export type Indicator = z.infer<typeof indicator>;

export const criterion = z.object({
  id: z.number(),
  rubric_id: z.number(),
  attribute_id: z.number(),
  name_criterion: z.string(),
  weight: z.number(),
  indicators: z.array(indicator),
  evaluation_scales: z.array(criterionScale),
});
export type Criterion = z.infer<typeof criterion>;

export const rubricAttribute = z.object({
  id: z.number(),
  attribute_name: z.string(),
  codigo: z.string().nullable(),
  description: z.string().nullable(),
  evaluationcriterias: z.array(criterion),
});
export type RubricAttribute = z.infer<typeof rubricAttribute>;

export const rubricSummary = z.object({
  id: z.number(),
  rubric_id: z.number(),
  rubric_name: z.string(),
  professor_subject_id: z.number(),
  created_at: z.string(),
});
export type RubricSummary = z.infer<typeof rubricSummary>;

export const rubricTree = z.object({
  rubric_id: z.number(),
  rubric_name: z.string(),
  professor_subject_id: z.number(),
  subject_name: z.string(),
  group_name: z.string().nullable(),
  period_name: z.string().nullable(),
  teacher_name: z.string(),
  atributos: z.array(rubricAttribute),
});
export type RubricTree = z.infer<typeof rubricTree>;

export const copySource = z.object({
  professor_subject_id: z.number(),
  rubric_id: z.number(),
  group_name: z.string().nullable(),
  period_name: z.string().nullable(),
  criteria_count: z.number(),
});
export type CopySource = z.infer<typeof copySource>;

export const copyResult = z.object({ rubric_id: z.number(), criteria: z.number(), indicators: z.number() });
