import { z } from 'zod';
import { idField } from './common.js';
import { KNOWLEDGE_LEVELS } from './attributes.js';

/*
 * Cohort evidence (CACEI criterion 4) and the curriculum map: what a programme hands to the accreditation body,
 * computed from the grades (DESIGN §3), never typed.
 */

export const EVIDENCE_MSG = {
  careerRequired: 'Selecciona una carrera.',
  generationRequired: 'Selecciona una generación.',
  periodInvalid: 'Selecciona un periodo válido.',
  careerMissing: 'La carrera no existe.',
  generationMissing: 'La generación no existe.',
  periodMissing: 'El periodo no existe.',
  notYourCareer: 'Solo puedes consultar la evidencia de tus carreras.',
  loading: 'Cargando evidencia...',
  loadingMap: 'Cargando mapa curricular...',
  error: 'No se pudo cargar la evidencia.',
  mapError: 'No se pudo cargar el mapa curricular.',
  noAttributes: 'La carrera no tiene atributos de egreso registrados.',
  noData: 'Sin calificaciones de esta generación en este atributo.',
  noSubjects: 'La carrera no tiene materias registradas.',
  met: 'Meta cumplida',
  notMet: 'Meta no cumplida',
  noVerdict: 'Sin datos para evaluar la meta',
  critical: 'Crítico: 25 % o más en Insuficiente',
  /** 'en el nivel I'; 'en los niveles I y A'; 'en los niveles I, M y A' (a Spanish list). */
  noLevel: (levels: readonly string[]) =>
    levels.length === 1
      ? `Ninguna materia lo trabaja en el nivel ${levels[0]}.`
      : `Ninguna materia lo trabaja en los niveles ${new Intl.ListFormat('es-MX', { type: 'conjunction' }).format(levels)}.`,
  noGradedActivity: (period: string) => `Sin actividades calificadas en ${period}.`,
} as const;

/** A quarter or more of the students with data at Insuficiente marks an attribute as critical (percent). */
export const CRITICAL_INSUFFICIENT_SHARE = 25;

export const evidenceQuery = z.object({
  career_id: idField(EVIDENCE_MSG.careerRequired),
  generation_id: idField(EVIDENCE_MSG.generationRequired),
});
export type EvidenceQuery = z.infer<typeof evidenceQuery>;

/** Students (or rating records) per band; the shares are percents with one decimal, 0 when there is no data. */
export const bandTally = z.object({
  total: z.number(),
  sobresaliente: z.number(),
  suficiente: z.number(),
  insuficiente: z.number(),
  sobresaliente_pct: z.number(),
  suficiente_pct: z.number(),
  insuficiente_pct: z.number(),
});
export type BandTally = z.infer<typeof bandTally>;

/**
 * The verdict of a tally against a target: `share` is the percent at Suficiente or above; `met` is null without data;
 * `critical` when CRITICAL_INSUFFICIENT_SHARE percent or more are Insuficiente.
 */
export const targetVerdict = z.object({
  share: z.number(),
  target: z.number(),
  met: z.boolean().nullable(),
  critical: z.boolean(),
});
export type TargetVerdict = z.infer<typeof targetVerdict>;

export const evidencePeriod = z.object({
  period_id: z.number(),
  period_name: z.string(),
  start_date: z.string(),
});

/** One period of an attribute's trend: the students rated in that period, by the band of their mean rating there. */
export const evidenceTrendPoint = evidencePeriod.extend({ students: bandTally, verdict: targetVerdict });

export const evidenceActivity = z.object({
  activity_id: z.number(),
  activity_name: z.string(),
  type_activity: z.string().nullable(),
  evaluation_instrument: z.string().nullable(),
  ponderation: z.number(),
  period_name: z.string().nullable(),
  group_name: z.string().nullable(),
  teacher_name: z.string(),
});

/** A subject that produced ratings of the attribute: its rating records by band, and the activities behind them. */
export const evidenceSubject = z.object({
  subject_id: z.number(),
  subject_key: z.string(),
  subject_name: z.string(),
  knowledge_level: z.enum(KNOWLEDGE_LEVELS).nullable(),
  records: bandTally,
  activities: z.array(evidenceActivity),
});

export const evidenceAttribute = z.object({
  attribute_id: z.number(),
  attribute_name: z.string(),
  codigo: z.string().nullable(),
  description: z.string().nullable(),
  /** An attribute with no career: shared by every career, counted for this career's students. */
  shared: z.boolean(),
  /** Students with data, by the band of their global average of the attribute (mean of per-subject ratings). */
  students: bandTally,
  verdict: targetVerdict,
  trend: z.array(evidenceTrendPoint),
  subjects: z.array(evidenceSubject),
  /** The rating records of every subject together (the subjects table's totals row). */
  records: bandTally,
});
export type EvidenceAttribute = z.infer<typeof evidenceAttribute>;

export const evidenceAnswer = z.object({
  institution: z.string(),
  career: z.object({ id: z.number(), career_key: z.string(), name: z.string() }),
  generation: z.object({ id: z.number(), generation_name: z.string(), start_date: z.string(), end_date: z.string() }),
  /** Students of the generation in the career (role student, linked to both). */
  cohort_size: z.number(),
  /** The periods with ratings of the cohort, oldest first: the trend's axis. */
  periods: z.array(evidencePeriod),
  /** The period whose targets judge the whole-cohort verdicts (the latest with data, else the active one). */
  target_period: evidencePeriod.nullable(),
  generated_at: z.string(),
  attributes: z.array(evidenceAttribute),
});
export type EvidenceAnswer = z.infer<typeof evidenceAnswer>;

export const curriculumMapQuery = z.object({
  career_id: idField(EVIDENCE_MSG.careerRequired),
  /** The period whose graded activities are checked; the active period when omitted. */
  period_id: idField(EVIDENCE_MSG.periodInvalid).optional(),
});
export type CurriculumMapQuery = z.infer<typeof curriculumMapQuery>;

export const curriculumMapAnswer = z.object({
  career: z.object({ id: z.number(), career_key: z.string(), name: z.string() }),
  period: evidencePeriod.nullable(),
  attributes: z.array(
    z.object({
      attribute_id: z.number(),
      attribute_name: z.string(),
      codigo: z.string().nullable(),
      /** An attribute with no career: shared by every career. */
      shared: z.boolean(),
      /** Subjects of the career that work the attribute at each level. */
      levels: z.object({ I: z.number(), M: z.number(), A: z.number() }),
      /** Levels no subject of the career reaches for this attribute (the map's gaps). */
      missing_levels: z.array(z.enum(KNOWLEDGE_LEVELS)),
      /** Activities linked to the attribute with at least one grade in the period (null without a period). */
      graded_activities: z.number().nullable(),
    }),
  ),
  subjects: z.array(
    z.object({
      subject_id: z.number(),
      subject_key: z.string(),
      subject_name: z.string(),
      /** The lowest semester the subject is taught in, for ordering (null when it has none). */
      semester: z.number().nullable(),
      levels: z.array(z.object({ attribute_id: z.number(), knowledge_level: z.enum(KNOWLEDGE_LEVELS) })),
    }),
  ),
});
export type CurriculumMapAnswer = z.infer<typeof curriculumMapAnswer>;
