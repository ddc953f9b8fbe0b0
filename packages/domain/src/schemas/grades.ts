import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { formatGrade } from '../rules.js';
import { careerRef } from './auth.js';
import { MAX_ID, idField, queryBool } from './common.js';
import { activity } from './activities.js';

export const GRADE_MSG = {
  saved: '¡Calificaciones guardadas correctamente!',
  someNotSaved: 'Algunas calificaciones no se pudieron guardar.',
  range: `La calificación debe ser un número entre ${LIMITS.gradeMin} y ${LIMITS.gradeMax}.`,
  required: 'Envía al menos una calificación.',
  tooMany: 'Demasiadas calificaciones en un solo envío.',
  userInvalid: 'Alumno inválido.',
  activityInvalid: 'Actividad inválida.',
  activityMissing: 'La actividad no existe.',
  notOnSheet: 'El alumno no está inscrito en la materia y grupo de esta actividad.',
  duplicate: 'La misma calificación viene dos veces en el envío.',
  periodClosed: 'El periodo de esta asignación está cerrado; las calificaciones ya no pueden modificarse.',
  sheetMissing: 'No hay una asignación de esa materia y grupo en el periodo.',
  groupRequired: 'Selecciona materia y grupo.',
  // spreadsheets
  fileRequired: 'Selecciona un archivo .xlsx o .xls',
  badFile: 'El archivo no es una hoja de cálculo válida.',
  noHeader: 'La primera fila debe tener los encabezados Matrícula, Nombre y una columna por actividad.',
  importDone: 'Importación completada',
  importWarnings: 'Importación completada con advertencias',
  importPreview: 'Vista previa: no se guardó ningún cambio.',
  unknownStudent: (matricula: string) =>
    `La matrícula «${matricula}» no pertenece a un alumno de este grupo y materia.`,
  unknownActivity: (name: string) => `La columna «${name}» no corresponde a ninguna actividad de la materia.`,
  importRange: (activityName: string) =>
    `«${activityName}»: la calificación debe ser un número entre ${LIMITS.gradeMin} y ${LIMITS.gradeMax}.`,
  noMatricula: 'La fila no tiene matrícula.',
  duplicateRow: (matricula: string) => `La matrícula «${matricula}» aparece más de una vez; se tomó la primera.`,
  // history
  historyFilter: 'Indica la actividad, la asignación o la importación.',
  batchMissing: 'La importación no existe.',
  alreadyUndone: 'Esta importación ya se deshizo.',
  undone: 'Importación deshecha.',
  undonePartly: 'Importación deshecha; algunas calificaciones cambiaron después y se dejaron como están.',
  // restoring a value from a grade's history
  entryMissing: 'Ese cambio no está en el historial.',
  versionInvalid: 'La versión de la calificación no es válida.',
  restoreSideInvalid: 'El valor a restaurar debe ser after o before.',
  restoreActivityGone: 'La actividad de este cambio ya no existe; su calificación no puede restaurarse.',
  restored: (value: number | null) =>
    value === null
      ? 'Calificación restaurada: la celda quedó vacía.'
      : `Calificación restaurada a ${formatGrade(value)}.`,
  restoreUnchanged: (value: number | null) =>
    value === null
      ? 'La celda ya está vacía; no se cambió nada.'
      : `La calificación ya es ${formatGrade(value)}; no se cambió nada.`,
  restoreConflict: 'La calificación cambió en otro lugar desde que abriste la hoja; no se restauró.',
} as const;

/** Most grades in one save: a 60 × 30 sheet with room to spare. */
export const GRADES_PER_SAVE = 5000;
/** Most students or activities asked for in one grades read. */
export const IDS_PER_READ = 2000;

const ids = (message: string) =>
  z
    .array(z.coerce.number(message).int(message).positive(message).max(MAX_ID, message), message)
    .max(IDS_PER_READ, message)
    .transform((v) => [...new Set(v)]);

// ---------- the grade sheet ----------

/** One stored grade with the version the grid sends back on save (stale-write detection). */
export const storedGrade = z.object({
  user_id: z.number(),
  activity_id: z.number(),
  qualification: z.number().nullable(),
  version: z.number(),
  updated_at: z.string(),
  updated_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type StoredGrade = z.infer<typeof storedGrade>;

/** POST /useractivities/by-users-and-activities */
export const gradesByUsersAndActivitiesBody = z.object({
  user_ids: ids(GRADE_MSG.userInvalid),
  activity_ids: ids(GRADE_MSG.activityInvalid),
});
export type GradesByUsersAndActivitiesBody = z.input<typeof gradesByUsersAndActivitiesBody>;

export const sheetStudent = z.object({ id: z.number(), full_name: z.string(), controlnumber: z.string().nullable() });
export type SheetStudent = z.infer<typeof sheetStudent>;

/** GET /subjects/{id}/enrolled-students */
export const enrolledStudentsQuery = z.object({
  /** Required; optional in the schema so that a missing subject answers 404 first. */
  group_id: idField(GRADE_MSG.groupRequired).optional(),
  period_id: idField().optional(),
  semester_id: idField().optional(),
});
export type EnrolledStudentsQuery = z.input<typeof enrolledStudentsQuery>;

/** The assignment a sheet belongs to, as the grade screens show it. */
export const sheetAssignment = z.object({
  id: z.number(),
  user_id: z.number(),
  subject: z.object({ id: z.number(), subject_name: z.string(), subject_key: z.string() }),
  group: z.object({ id: z.number(), group_name: z.string(), semester_id: z.number().nullable() }).nullable(),
  period: z
    .object({
      id: z.number(),
      period_name: z.string(),
      status: z.enum(['published', 'closed']),
      is_active: z.boolean(),
    })
    .nullable(),
  career_id: z.number().nullable(),
  /** False when the period is closed: grades, activities and imports are read-only. */
  editable: z.boolean(),
});
export type SheetAssignment = z.infer<typeof sheetAssignment>;

/** A student's final (ponderation-weighted mean of the graded activities, one decimal; null when none is graded). */
export const studentFinal = z.object({ user_id: z.number(), final: z.number().nullable() });

/** A grade as the grid holds it: value and version (who changed it is in the cell's history). */
export const sheetGrade = z.object({
  user_id: z.number(),
  activity_id: z.number(),
  qualification: z.number().nullable(),
  version: z.number(),
});
export type SheetGrade = z.infer<typeof sheetGrade>;

/** GET /grade-sheets/{professorSubjectId}: everything the grade grid shows, in one answer. */
export const gradeSheet = z.object({
  assignment: sheetAssignment,
  students: z.array(sheetStudent),
  activities: z.array(activity),
  grades: z.array(sheetGrade),
  finals: z.array(studentFinal),
});
export type GradeSheet = z.infer<typeof gradeSheet>;

// ---------- saving grades ----------

export const gradeInput = z.object({
  user_id: idField(GRADE_MSG.userInvalid),
  activity_id: idField(GRADE_MSG.activityInvalid),
  qualification: z.number(GRADE_MSG.range).min(LIMITS.gradeMin, GRADE_MSG.range).max(LIMITS.gradeMax, GRADE_MSG.range),
  /**
   * The version of the grade the grid showed (0 when the cell had no stored grade). When it differs from the stored
   * one, the cell is not written and comes back as a conflict; without it the grade is written unconditionally.
   */
  version: z.number().int().min(0).optional(),
});
export type GradeInput = z.input<typeof gradeInput>;

/** POST /profesor/calificar/actividades/batch */
export const gradeBatchBody = z.object({
  calificaciones: z
    .array(gradeInput, GRADE_MSG.required)
    .min(1, GRADE_MSG.required)
    .max(GRADES_PER_SAVE, GRADE_MSG.tooMany),
});
export type GradeBatchBody = z.input<typeof gradeBatchBody>;

/** A cell that changed since the grid showed it: its current value, who changed it and when. */
export const gradeConflict = z.object({
  user_id: z.number(),
  activity_id: z.number(),
  qualification: z.number().nullable(),
  version: z.number(),
  changed_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  changed_at: z.string(),
});
export type GradeConflict = z.infer<typeof gradeConflict>;

export const gradeBatchResult = z.object({
  message: z.string(),
  /** Cells written, with their new versions. */
  saved: z.array(
    z.object({ user_id: z.number(), activity_id: z.number(), qualification: z.number(), version: z.number() }),
  ),
  /** Cells sent with the value already stored: nothing written. */
  unchanged: z.number(),
  conflicts: z.array(gradeConflict),
});
export type GradeBatchResult = z.infer<typeof gradeBatchResult>;

// ---------- finals and attribute ratings ----------

export const sheetParams = z.object({ group: idField(), subject: idField() });

/** GET /grades/groups/{group}/subjects/{subject}/finals */
export const finalsQuery = z.object({
  as: z.enum(['map', 'list'], 'El formato debe ser map o list.').default('list'),
  period_id: idField().optional(),
});
export type FinalsQuery = z.input<typeof finalsQuery>;
/** as=map: student id → final. */
export const finalsMap = z.record(z.string(), z.number().nullable());
/** as=list */
export const finalsList = z.object({ calificaciones: z.array(studentFinal) });
export const finalsAnswer = z.union([finalsList, finalsMap]);

/** GET /userattributes: the attribute ratings of a sheet, or their band counts with aggregate=conteo. */
export const attributeRatingsQuery = z.object({
  subject_id: idField(GRADE_MSG.groupRequired),
  group_id: idField(GRADE_MSG.groupRequired),
  period_id: idField().optional(),
  user_id: idField().optional(),
  attribute_id: idField().optional(),
  aggregate: z.enum(['conteo'], 'El agregado debe ser conteo.').optional(),
});
export type AttributeRatingsQuery = z.input<typeof attributeRatingsQuery>;

export const attributeRatingRow = z.object({
  user_id: z.number(),
  attribute_id: z.number(),
  attributerating: z.number().nullable(),
});
export type AttributeRatingRow = z.infer<typeof attributeRatingRow>;
export const attributeCount = z.object({
  attribute_id: z.number(),
  attribute_name: z.string(),
  codigo: z.string().nullable(),
  sobresaliente: z.number(),
  suficiente: z.number(),
  insuficiente: z.number(),
});
export type AttributeCount = z.infer<typeof attributeCount>;
export const attributeRatingsAnswer = z.union([z.array(attributeRatingRow), z.array(attributeCount)]);

// ---------- spreadsheets ----------

/** GET /ratings/template and /ratings/export */
export const ratingsFileQuery = z.object({
  group_id: idField(GRADE_MSG.groupRequired),
  subject_id: idField(GRADE_MSG.groupRequired),
  period_id: idField().optional(),
  semester_id: idField().optional(),
  /** Export: also list students without any grade (default true). */
  include_nulls: queryBool.optional(),
});
export type RatingsFileQuery = z.input<typeof ratingsFileQuery>;

/** POST /ratings/import?dry_run=1: fields of the multipart form besides the file. */
export const ratingsImportFields = z.object({
  group_id: idField(GRADE_MSG.groupRequired),
  subject_id: idField(GRADE_MSG.groupRequired),
  period_id: idField().optional(),
});

export const gradeChange = z.object({
  row: z.number(),
  user_id: z.number(),
  controlnumber: z.string(),
  activity_id: z.number(),
  activity_name: z.string(),
  before: z.number().nullable(),
  after: z.number(),
});
export type GradeChange = z.infer<typeof gradeChange>;

export const ratingsImportResult = z.object({
  message: z.string(),
  dry_run: z.boolean(),
  /** Grades created, changed, and cells left as they were (blank or equal). */
  inserted: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ row: z.number(), error: z.string() })),
  /** Every grade the import writes (or, in a dry run, would write). */
  changes: z.array(gradeChange),
  /** The grade-history batch that undoes this import (null in a dry run or when nothing changed). */
  batch_id: z.string().nullable(),
});
export type RatingsImportResult = z.infer<typeof ratingsImportResult>;

// ---------- grade history ----------

export const GRADE_SOURCES = [
  'pantalla',
  'importación',
  'eliminación de actividad',
  'deshacer importación',
  'restauración',
] as const;
export type GradeSource = (typeof GRADE_SOURCES)[number];

/** GET /grade-history: one cell (activity_id + user_id), an activity, an assignment or an import batch. */
export const gradeHistoryQuery = z.object({
  activity_id: idField().optional(),
  user_id: idField().optional(),
  professor_subject_id: idField().optional(),
  batch_id: z.string(GRADE_MSG.batchMissing).trim().max(64, GRADE_MSG.batchMissing).optional(),
  source: z.enum(GRADE_SOURCES, 'Origen desconocido.').optional(),
});
export type GradeHistoryQuery = z.input<typeof gradeHistoryQuery>;

export const gradeHistoryEntry = z.object({
  id: z.number(),
  user_id: z.number(),
  student_name: z.string(),
  activity_id: z.number(),
  activity_name: z.string(),
  professor_subject_id: z.number(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  changed_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  changed_at: z.string(),
  source: z.enum(GRADE_SOURCES),
  batch_id: z.string().nullable(),
});
export type GradeHistoryEntry = z.infer<typeof gradeHistoryEntry>;

/** GET /grade-history/imports?professor_subject_id: the imports of a sheet, newest first. */
export const gradeImportsQuery = z.object({ professor_subject_id: idField(GRADE_MSG.groupRequired) });
export const gradeImport = z.object({
  batch_id: z.string(),
  changed_at: z.string(),
  changed_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  cells: z.number(),
  /** The file a gradebook import (Moodle, Classroom) came from; null for the template's imports. */
  file_name: z.string().nullable(),
  undone: z.boolean(),
});
export type GradeImport = z.infer<typeof gradeImport>;

export const batchParam = z.object({
  batchId: z.string().trim().min(1, GRADE_MSG.batchMissing).max(64, GRADE_MSG.batchMissing),
});

/** POST /grade-history/imports/{batchId}/undo */
export const undoImportResult = z.object({
  message: z.string(),
  restored: z.number(),
  /** Cells changed after the import: left as they are. */
  kept: z.array(gradeConflict),
});
export type UndoImportResult = z.infer<typeof undoImportResult>;

/**
 * POST /grade-history/{id}/restore: sets the grade to a value of one history entry, through the grid's save (stale
 * check, history entry 'restauración'). `value` 'after' is the value the entry set; 'before' the one it replaced (the
 * history's oldest entry is the only place a grade's first recorded value lives).
 */
export const restoreGradeBody = z.object({
  /** The version of the grade the sheet showed (0 when it had none). */
  version: z
    .number(GRADE_MSG.versionInvalid)
    .int(GRADE_MSG.versionInvalid)
    .min(0, GRADE_MSG.versionInvalid)
    .max(MAX_ID, GRADE_MSG.versionInvalid),
  value: z.enum(['after', 'before'], GRADE_MSG.restoreSideInvalid).default('after'),
});
export type RestoreGradeBody = z.input<typeof restoreGradeBody>;

export const restoreGradeResult = z.object({
  message: z.string(),
  /** restored: written; unchanged: the grade already had that value; conflict: it changed since the sheet showed it. */
  outcome: z.enum(['restored', 'unchanged', 'conflict']),
  /** The grade as it is now (version 0: no stored grade). */
  grade: sheetGrade,
  /** outcome 'conflict': the current value, who changed it and when. */
  conflict: gradeConflict.nullable(),
});
export type RestoreGradeResult = z.infer<typeof restoreGradeResult>;

// ---------- observations ----------

export const OBSERVATION_MSG = {
  saved: '¡Observaciones guardadas!',
  saveError: 'Error al guardar observaciones',
  loadError: 'No se pudieron cargar las observaciones.',
  required: 'Escribe al menos una observación.',
  notOnSheet: 'El alumno no está inscrito en una materia y grupo que impartas.',
  attributeNotInSubject: 'El atributo no pertenece a la materia.',
  activityNotInSheet: 'La actividad no pertenece a la materia y grupo del alumno.',
  professorMismatch: 'Las observaciones se registran a nombre del usuario en sesión.',
  tooMany: 'Demasiadas observaciones en un solo envío.',
} as const;

export const observationInput = z.object({
  user_id: idField(GRADE_MSG.userInvalid),
  attribute_id: idField(),
  subject_id: idField(),
  /** Always the user in session; another id is refused. */
  professor_id: idField().nullish(),
  /** Ignored: the observation takes the period of the teacher's sheet. */
  period_id: idField().nullish(),
  activity_id: idField().nullish(),
  observation: z.string(MSG.required).trim().max(LIMITS.observation, MSG.tooLong(LIMITS.observation)),
});

/** POST /userattribute-observations/batch: blank observations are skipped. */
export const observationBatchBody = z.object({
  observaciones: z
    .array(observationInput, OBSERVATION_MSG.required)
    .min(1, OBSERVATION_MSG.required)
    .max(500, OBSERVATION_MSG.tooMany),
});
export type ObservationBatchBody = z.input<typeof observationBatchBody>;
export const observationBatchResult = z.object({ message: z.string(), saved: z.number() });

/** GET /userattribute-observations/history */
export const observationHistoryQuery = z.object({
  subject_id: idField(),
  attribute_id: idField().optional(),
  user_id: idField(),
  period_id: idField().optional(),
  opened_subject_id: idField().optional(),
  activity_id: idField().optional(),
});
export type ObservationHistoryQuery = z.input<typeof observationHistoryQuery>;

export const observationEntry = z.object({
  id: z.number(),
  user_id: z.number(),
  attribute_id: z.number(),
  subject_id: z.number(),
  period_id: z.number().nullable(),
  observation: z.string(),
  activity_name: z.string().nullable(),
  teacher_name: z.string(),
  professor: z.object({ id: z.number(), full_name: z.string() }),
  created_at: z.string(),
});
export type ObservationEntry = z.infer<typeof observationEntry>;

// ---------- teacher dashboard ----------

export const teacherDashboardQuery = z.object({ career_id: idField().optional() });
export const teacherDashboard = z.object({
  careers: z.array(careerRef),
  /** The career shown: the one asked for, else the first. */
  career_id: z.number().nullable(),
  cards: z.object({ students: z.number(), activities: z.number(), subjects: z.number() }),
  /** Every activity of the teacher in the career and the active period, graded or not, with how many of the sheet's students have a grade. */
  pendientes: z.array(
    z.object({
      id: z.number(),
      activity_name: z.string(),
      professor_subject_id: z.number(),
      subject_name: z.string(),
      group_name: z.string().nullable(),
      students: z.number(),
      graded: z.number(),
    }),
  ),
});
export type TeacherDashboard = z.infer<typeof teacherDashboard>;
