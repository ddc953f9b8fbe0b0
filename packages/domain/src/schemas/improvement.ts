import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idField, isoDate, optionalText, text, timestamps } from './common.js';
import { evidencePeriod } from './evidence.js';

/*
 * Improvement actions (CACEI 4.4, DESIGN §3): for an attribute of a generation that missed its target, the finding as
 * measured when the action was written, the cause, the action, the subjects it acts on, the period it applies to, the
 * expected share, the measured result of that period (counted as the cohort evidence counts) and the teachers'
 * follow-ups.
 */

export const IMPROVEMENT_STATUSES = ['planeada', 'en_curso', 'cumplida', 'no_cumplida'] as const;
export type ImprovementStatus = (typeof IMPROVEMENT_STATUSES)[number];
export const IMPROVEMENT_STATUS_LABELS: Record<ImprovementStatus, string> = {
  planeada: 'Planeada',
  en_curso: 'En curso',
  cumplida: 'Cumplida',
  no_cumplida: 'No cumplida',
};
/** The statuses that close an action with a verdict, confirmed by the chief with a note. */
export const VERDICT_STATUSES: readonly ImprovementStatus[] = ['cumplida', 'no_cumplida'];

export const IMPROVEMENT_MSG = {
  careerRequired: 'Selecciona una carrera.',
  generationRequired: 'Selecciona una generación.',
  attributeRequired: 'Selecciona un atributo.',
  findingPeriodRequired: 'Selecciona el periodo del hallazgo.',
  periodRequired: 'Selecciona el periodo en que se aplica la acción.',
  periodInvalid: 'Selecciona un periodo válido.',
  subjectInvalid: 'Selecciona materias válidas.',
  subjectsTooMany: `Selecciona como máximo ${LIMITS.improvementSubjects} materias.`,
  subjectsRepeated: 'Cada materia puede aparecer una sola vez.',
  causeRequired: 'Describe la causa identificada.',
  actionRequired: 'Describe la acción de mejora.',
  expectedShare: 'El resultado esperado debe ser un número entero entre 0 y 100.',
  status: 'Selecciona un estatus válido.',
  verdictNoteRequired: 'Escribe una nota para confirmar el dictamen.',
  followupRequired: 'Describe lo que se hizo.',
  careerMissing: 'La carrera no existe.',
  generationMissing: 'La generación no existe.',
  attributeNotInCareer: 'El atributo no pertenece a la carrera.',
  periodMissing: 'El periodo no existe.',
  periodBeforeFinding: 'El periodo de aplicación debe ser posterior al periodo del hallazgo.',
  noFindingData: 'Esta generación no tiene calificaciones del atributo en ese periodo.',
  subjectNotInCareer: 'Alguna de las materias no pertenece a la carrera.',
  notFound: 'La acción de mejora no existe.',
  notYourCareer: 'Solo puedes consultar y registrar acciones de mejora de tus carreras.',
  notYourSubject: 'Solo los profesores de las materias de la acción pueden registrar su seguimiento.',
  created: 'Acción de mejora registrada.',
  saved: 'Acción de mejora guardada.',
  deleted: 'Acción de mejora eliminada.',
  followupSaved: 'Seguimiento registrado.',
  nothingToExport: 'No hay acciones de mejora para exportar con estos filtros.',
} as const;

const share = z
  .number(IMPROVEMENT_MSG.expectedShare)
  .int(IMPROVEMENT_MSG.expectedShare)
  .min(0, IMPROVEMENT_MSG.expectedShare)
  .max(100, IMPROVEMENT_MSG.expectedShare);
const subjectIds = z
  .array(idField(IMPROVEMENT_MSG.subjectInvalid), IMPROVEMENT_MSG.subjectInvalid)
  .max(LIMITS.improvementSubjects, IMPROVEMENT_MSG.subjectsTooMany)
  .refine((ids) => new Set(ids).size === ids.length, IMPROVEMENT_MSG.subjectsRepeated);

/** What the chief writes; career, generation, attribute and finding period fix the finding, which the server measures. */
export const improvementActionBody = z.object({
  career_id: idField(IMPROVEMENT_MSG.careerRequired),
  generation_id: idField(IMPROVEMENT_MSG.generationRequired),
  attribute_id: idField(IMPROVEMENT_MSG.attributeRequired),
  finding_period_id: idField(IMPROVEMENT_MSG.findingPeriodRequired),
  period_id: idField(IMPROVEMENT_MSG.periodRequired),
  cause: text(LIMITS.improvementText, IMPROVEMENT_MSG.causeRequired),
  action: text(LIMITS.improvementText, IMPROVEMENT_MSG.actionRequired),
  subject_ids: subjectIds,
  /** Share at Suficiente or above expected (percent); the attribute's target in that period when left out. */
  expected_share: share.nullish(),
});
export type ImprovementActionBody = z.infer<typeof improvementActionBody>;

/** An edit: the finding stays as measured; closing the action ('Cumplida', 'No cumplida') needs a note. */
export const improvementActionUpdateBody = z
  .object({
    period_id: idField(IMPROVEMENT_MSG.periodRequired),
    cause: text(LIMITS.improvementText, IMPROVEMENT_MSG.causeRequired),
    action: text(LIMITS.improvementText, IMPROVEMENT_MSG.actionRequired),
    subject_ids: subjectIds,
    expected_share: share,
    status: z.enum(IMPROVEMENT_STATUSES, IMPROVEMENT_MSG.status),
    verdict_note: optionalText(LIMITS.improvementText),
  })
  .superRefine((body, ctx) => {
    if (VERDICT_STATUSES.includes(body.status) && !body.verdict_note) {
      ctx.addIssue({ code: 'custom', path: ['verdict_note'], message: IMPROVEMENT_MSG.verdictNoteRequired });
    }
  });
export type ImprovementActionUpdateBody = z.infer<typeof improvementActionUpdateBody>;

export const improvementFollowupBody = z.object({
  followup_date: isoDate,
  text: text(LIMITS.improvementText, IMPROVEMENT_MSG.followupRequired),
});
export type ImprovementFollowupBody = z.infer<typeof improvementFollowupBody>;

export const improvementActionsQuery = z.object({
  career_id: idField(IMPROVEMENT_MSG.careerRequired).optional(),
  generation_id: idField(IMPROVEMENT_MSG.generationRequired).optional(),
  attribute_id: idField(IMPROVEMENT_MSG.attributeRequired).optional(),
  period_id: idField(IMPROVEMENT_MSG.periodInvalid).optional(),
  status: z.enum(IMPROVEMENT_STATUSES, IMPROVEMENT_MSG.status).optional(),
});
export type ImprovementActionsQuery = z.infer<typeof improvementActionsQuery>;

/** Students with data and the share at Suficiente or above, judged against a target or an expected share. */
export const improvementMeasure = z.object({
  students: z.number(),
  share: z.number(),
  /** The share reaches the target (the finding) or the expected share (the measured result). */
  met: z.boolean(),
  critical: z.boolean(),
});
export type ImprovementMeasure = z.infer<typeof improvementMeasure>;

export const improvementAction = z.object({
  id: z.number(),
  career: z.object({ id: z.number(), name: z.string() }),
  generation: z.object({ id: z.number(), generation_name: z.string() }),
  attribute: z.object({
    id: z.number(),
    attribute_name: z.string(),
    codigo: z.string().nullable(),
    /** An attribute with no career (DESIGN §5): shown with '(compartido)' (`attributeDisplayName`). */
    shared: z.boolean(),
  }),
  /** As measured when the action was written, against the target in force in that period. */
  finding: improvementMeasure.extend({ period: evidencePeriod, target: z.number() }),
  cause: z.string(),
  action: z.string(),
  /** The subjects it acts on, each with its teachers when it was added (none when nobody taught it yet). */
  subjects: z.array(
    z.object({
      subject_id: z.number(),
      subject_key: z.string(),
      subject_name: z.string(),
      teachers: z.array(z.object({ id: z.number().nullable(), full_name: z.string() })),
    }),
  ),
  period: evidencePeriod,
  expected_share: z.number(),
  /** The same attribute and generation in the period the action applies to, counted as the evidence counts; null until it has ratings. */
  measured: improvementMeasure.nullable(),
  /** What the numbers say: 'cumplida' when the measured share reaches the expected one; null without a measure. */
  proposed_status: z.enum(['cumplida', 'no_cumplida']).nullable(),
  status: z.enum(IMPROVEMENT_STATUSES),
  verdict_note: z.string().nullable(),
  verdict_at: z.string().nullable(),
  verdict_by: z.string().nullable(),
  followups: z.array(
    z.object({
      id: z.number(),
      followup_date: z.string(),
      text: z.string(),
      author_id: z.number().nullable(),
      author_name: z.string(),
      created_at: z.string(),
    }),
  ),
  created_by: z.string().nullable(),
  ...timestamps,
});
export type ImprovementAction = z.infer<typeof improvementAction>;

/** The period the edit window offers an action to apply to, and the expected share written there. */
export const improvementMeasureQuery = z.object({
  period_id: idField(IMPROVEMENT_MSG.periodRequired),
  expected_share: z.coerce
    .number(IMPROVEMENT_MSG.expectedShare)
    .int(IMPROVEMENT_MSG.expectedShare)
    .min(0, IMPROVEMENT_MSG.expectedShare)
    .max(100, IMPROVEMENT_MSG.expectedShare)
    .optional(),
});
export type ImprovementMeasureQuery = z.infer<typeof improvementMeasureQuery>;

/** What an action measures in a period (before it is saved there): the measured result and the proposed verdict. */
export const improvementMeasureAnswer = improvementAction.pick({
  period: true,
  expected_share: true,
  measured: true,
  proposed_status: true,
});
export type ImprovementMeasureAnswer = z.infer<typeof improvementMeasureAnswer>;

/* ---- School performance indices (CACEI 4.3) ---- */

export const PERFORMANCE_MSG = {
  careerRequired: 'Selecciona una carrera.',
  generationRequired: 'Selecciona una generación.',
  generationMissing: 'La generación no existe.',
  notYourCareer: 'Solo puedes consultar los índices de rendimiento de tus carreras.',
  /** The periods whose students at the start are not dropouts + graduations + students at the end. */
  unbalanced: (periods: readonly string[]) =>
    `${periods.length === 1 ? 'En el periodo' : 'En los periodos'} ${periods.join(', ')} los alumnos al inicio no son iguales a bajas + graduados + alumnos al final: hubo alumnos que volvieron a Activo o se inscribieron durante el periodo.`,
} as const;

/** The definitions printed under the indices, as an evaluator asks for them. */
export const PERFORMANCE_DEFINITIONS = [
  'Alumnos al inicio: alumnos de la generación en la carrera con estatus Activo al iniciar el periodo.',
  'Reprobación por materia: alumnos con calificación final menor a 70 entre los alumnos de la generación con calificación final en esa materia en el periodo.',
  'Deserción: alumnos Activos al iniciar el periodo que terminan el periodo con estatus Baja (una baja revertida dentro del mismo periodo no cuenta).',
  'Graduados: alumnos Activos al iniciar el periodo que lo terminan con estatus Graduado.',
  'Alumnos al final: alumnos con estatus Activo al terminar el periodo (al iniciar el siguiente). Alumnos al inicio = bajas + graduados + alumnos al final, salvo reingresos.',
  'Eficiencia terminal: alumnos que alcanzaron el estatus Graduado dentro de los nueve semestres de la generación, entre el tamaño inicial de la generación.',
  'Los cambios de estatus anteriores al registro del historial no tienen fecha: se toma el estatus actual del alumno.',
] as const;

export const performanceQuery = z.object({
  generation_id: idField(PERFORMANCE_MSG.generationRequired),
  career_id: idField(PERFORMANCE_MSG.careerRequired),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;

const subjectFailure = z.object({
  subject_id: z.number(),
  subject_key: z.string(),
  subject_name: z.string(),
  students_with_final: z.number(),
  failed: z.number(),
  failure_rate: z.number(),
});

export const performanceAnswer = z.object({
  institution: z.string(),
  career: z.object({ id: z.number(), career_key: z.string(), name: z.string() }),
  generation: z.object({ id: z.number(), generation_name: z.string(), start_date: z.string(), end_date: z.string() }),
  /** Students of the generation in the career. */
  starting_size: z.number(),
  periods: z.array(
    evidencePeriod.extend({
      students_at_start: z.number(),
      dropouts: z.number(),
      dropout_rate: z.number(),
      /** Activo at the start, Graduado at the end of the period. */
      graduations: z.number(),
      /** Activo at the end of the period. */
      students_at_end: z.number(),
      /** students_at_start = dropouts + graduations + students_at_end (false when someone came back or joined). */
      balanced: z.boolean(),
      /** Every subject with finals of the cohort in the period, highest failure rate first. */
      subjects: z.array(subjectFailure),
      /** The subjects with the highest failure rates (up to three, only those with failures), with the attributes they work. */
      top_failures: z.array(
        subjectFailure.extend({
          attributes: z.array(
            z.object({
              attribute_id: z.number(),
              attribute_name: z.string(),
              codigo: z.string().nullable(),
              /** An attribute with no career (DESIGN §5): shown with '(compartido)' (`attributeDisplayName`). */
              shared: z.boolean(),
              /** The share at Suficiente or above of the cohort's records of that subject in that attribute and period (the evidence's per-subject figure); null without ratings. */
              share: z.number().nullable(),
              met: z.boolean().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  terminal_efficiency: z.object({ graduated: z.number(), starting_size: z.number(), rate: z.number() }),
  definitions: z.array(z.string()),
  /** When the indices were computed (ISO 8601 UTC). */
  generated_at: z.string(),
});
export type PerformanceAnswer = z.infer<typeof performanceAnswer>;
