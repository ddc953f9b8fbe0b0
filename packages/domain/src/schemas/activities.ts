import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { MAX_ID, idField, timestamps } from './common.js';

export const ACTIVITY_MSG = {
  saved: '¡Actividades guardadas correctamente!',
  saveError: 'Error al guardar actividades',
  deleted: 'Actividad eliminada correctamente',
  deleteError: 'Error al eliminar la actividad',
  notFound: 'Actividad no encontrada.',
  assignmentRequired: 'Selecciona una materia asignada.',
  assignmentMissing: 'La asignación no existe.',
  nameRequired: 'El nombre de la actividad es obligatorio.',
  ponderation: `La ponderación debe ser un número entre 0 y ${LIMITS.gradeMax}.`,
  attributeInvalid: 'Los atributos deben ser identificadores de atributos.',
  attributeNotInSubject: 'El atributo no pertenece a la materia.',
  notInAssignment: 'La actividad no pertenece a esta asignación.',
  duplicateName: 'Ya hay otra actividad con ese nombre en esta asignación.',
  periodClosed: 'El periodo de esta asignación está cerrado; ya no admite cambios.',
  noSubjectInCareer:
    'No tienes ninguna materia asignada en esta carrera. Por favor, contacta a tu jefe(a) de carrera si crees que es un error.',
  tooMany: 'Demasiadas actividades en un solo envío.',
  filterRequired: 'Indica la materia, la asignación, el grupo, el periodo, la carrera o el profesor.',
} as const;

/** Most activities in one save, and most attributes linked to one activity. */
export const ACTIVITIES_PER_SAVE = 200;

const optionalActivityText = (max: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null ? null : v),
      z.string(MSG.required).trim().max(max, MSG.tooLong(max)).nullable(),
    )
    .transform((v) => (v === '' ? null : v));

/** Ponderation: a number 0-100; anything not numeric (empty, text, missing) becomes the default 100. */
const ponderation = z.preprocess(
  (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : 100;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return 100;
  },
  z.number().min(0, ACTIVITY_MSG.ponderation).max(LIMITS.gradeMax, ACTIVITY_MSG.ponderation),
);

export const activityInput = z.object({
  id: idField().nullish(),
  activity_name: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string(ACTIVITY_MSG.nameRequired).trim().max(LIMITS.activityName, MSG.tooLong(LIMITS.activityName)),
  ),
  type_activity: optionalActivityText(LIMITS.evidenceType),
  evaluation_instrument: optionalActivityText(LIMITS.evaluationInstrument),
  ponderation,
  attribute_ids: z
    .array(
      z.coerce
        .number(ACTIVITY_MSG.attributeInvalid)
        .int(ACTIVITY_MSG.attributeInvalid)
        .positive(ACTIVITY_MSG.attributeInvalid)
        .max(MAX_ID, ACTIVITY_MSG.attributeInvalid),
      ACTIVITY_MSG.attributeInvalid,
    )
    .max(100, ACTIVITY_MSG.attributeInvalid)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type ActivityInput = z.input<typeof activityInput>;

/** POST /activities/bulk-upsert. Activities with neither name nor attributes are dropped before anything is checked. */
export const activityBulkBody = z.object({
  professor_subject_id: idField(ACTIVITY_MSG.assignmentRequired),
  activities: z.array(activityInput, ACTIVITY_MSG.tooMany).max(ACTIVITIES_PER_SAVE, ACTIVITY_MSG.tooMany),
});
export type ActivityBulkBody = z.input<typeof activityBulkBody>;

/** GET /activities filters; a teacher only ever sees their own. */
export const activitiesQuery = z.object({
  subject_id: idField().optional(),
  professor_subject_id: idField().optional(),
  group_id: idField().optional(),
  period_id: idField().optional(),
  career_id: idField().optional(),
  user_id: idField().optional(),
});
export type ActivitiesQuery = z.input<typeof activitiesQuery>;

export const activityAttributeRef = z.object({
  id: z.number(),
  attribute_name: z.string(),
  codigo: z.string().nullable(),
});

export const activity = z.object({
  id: z.number(),
  professor_subject_id: z.number(),
  activity_name: z.string(),
  type_activity: z.string().nullable(),
  evaluation_instrument: z.string().nullable(),
  ponderation: z.number(),
  attribute_ids: z.array(z.number()),
  attributes: z.array(activityAttributeRef),
  subject: z.object({ id: z.number(), subject_name: z.string() }),
  group: z.object({ id: z.number(), group_name: z.string() }).nullable(),
  period_id: z.number().nullable(),
  career_id: z.number().nullable(),
  /** Students of the sheet with a grade in this activity, and without one ('Pendientes'). */
  graded_count: z.number(),
  ...timestamps,
});
export type Activity = z.infer<typeof activity>;

export const activityBulkResult = z.object({ message: z.string(), activities: z.array(activity) });
export type ActivityBulkResult = z.infer<typeof activityBulkResult>;

export const activityDeleteResult = z.object({ message: z.string(), grades_kept_in_history: z.number() });
export type ActivityDeleteResult = z.infer<typeof activityDeleteResult>;
