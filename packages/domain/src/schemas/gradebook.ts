import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idField } from './common.js';
import { GRADE_MSG, gradeConflict } from './grades.js';

/**
 * Importing a learning platform's gradebook export (Moodle's 'Exportar calificaciones', Google Classroom's grade
 * download) into a grade sheet: columns mapped onto the sheet's activities, students matched, scores converted to
 * 0-100, previewed cell by cell before anything is written.
 */
export const GRADEBOOK_MSG = {
  fileRequired: 'Selecciona el archivo que descargaste de Moodle o Classroom (.xlsx, .csv o .txt).',
  ods: 'Los archivos .ods de OpenDocument no se leen todavía. En Moodle exporta como «Hoja de cálculo Excel» o «Archivo de texto plano» y vuelve a intentarlo.',
  otherKind:
    'El archivo no es una hoja de cálculo ni un texto separado por comas; revisa que sea la descarga de calificaciones de Moodle o Classroom.',
  notGradebook:
    'El archivo no parece una exportación de calificaciones de Moodle ni de Google Classroom. Para la plantilla de esta página usa «Importar Excel».',
  empty: 'El archivo no tiene filas de alumnos.',
  noMatch:
    'Ningún alumno del archivo pertenece a este grupo: revisa que sea la exportación del curso de esta materia y grupo.',
  choicesInvalid: 'La asignación de columnas no es válida; vuelve a revisar el archivo.',
  maxInvalid: `La calificación máxima debe ser un número mayor que 0 y hasta ${LIMITS.gradeMax * 100}.`,
  activityTwice: (name: string) => `La actividad «${name}» está asignada a más de una columna; elige una sola.`,
  // per cell
  letter: 'Es una letra o escala: solo se importan puntos o porcentajes.',
  notNumber: 'No es un número.',
  needsMax: 'Falta la calificación máxima de la columna.',
  clamped: (source: string, to: number) => `${source} se ajustó a ${to}: las calificaciones van de 0 a 100.`,
  // ignored columns
  ignoredTotal: 'Total del curso o de una categoría',
  ignoredAverage: 'Promedio o calificación general',
  ignoredFeedback: 'Retroalimentación',
  ignoredUnmapped: 'Sin actividad asignada',
  ignoredStamp: 'Fecha de la descarga',
  previewed: 'Vista previa: no se guardó ningún cambio.',
  done: 'Importación completada',
  doneWithConflicts:
    'Importación completada con advertencias: algunas calificaciones cambiaron desde la vista previa y se dejaron como están.',
} as const;

/** Where the file came from, as the preview names it. */
export const GRADEBOOK_SOURCES = ['moodle', 'classroom'] as const;
export type GradebookSource = (typeof GRADEBOOK_SOURCES)[number];

const maxPoints = z
  .number(GRADEBOOK_MSG.maxInvalid)
  .positive(GRADEBOOK_MSG.maxInvalid)
  .max(10_000, GRADEBOOK_MSG.maxInvalid);

/**
 * The teacher's choices sent with the file (one JSON text field, `choices`): per source column (its key) the activity
 * it goes to (null: ignored) and the maximum when the file does not say it; on apply, the version of every cell the
 * preview showed, so that a grade saved meanwhile comes back as a conflict instead of being overwritten.
 */
export const gradebookChoices = z
  .object({
    columns: z
      .record(
        z.string().max(300),
        z.object({ activity_id: z.number().int().positive().nullable(), max: maxPoints.nullable().optional() }),
      )
      .optional(),
    versions: z.record(z.string().max(40), z.number().int().min(0)).optional(),
  })
  .strict();
export type GradebookChoices = z.infer<typeof gradebookChoices>;

export const gradebookImportFields = z.object({
  group_id: idField(GRADE_MSG.groupRequired),
  subject_id: idField(GRADE_MSG.groupRequired),
  period_id: idField().optional(),
  choices: z.string().max(65_536).optional(),
});

export const GRADEBOOK_COLUMN_KINDS = ['item', 'total', 'average', 'feedback', 'stamp'] as const;
export const GRADEBOOK_DISPLAYS = ['points', 'percentage', 'letter'] as const;

export const gradebookColumn = z.object({
  /** The column's key in `choices` (its header, folded). */
  key: z.string(),
  header: z.string(),
  /** The grade item's name without the module and the display type ('Práctica 1'). */
  name: z.string(),
  kind: z.enum(GRADEBOOK_COLUMN_KINDS),
  display: z.enum(GRADEBOOK_DISPLAYS).nullable(),
  /** The maximum the grades are out of: from the file (Classroom's points row), the teacher, or unknown. */
  max: z.number().nullable(),
  max_from: z.enum(['file', 'teacher']).nullable(),
  activity_id: z.number().nullable(),
  /** How the activity was chosen: remembered from the last import, suggested by name, or by the teacher now. */
  mapped_by: z.enum(['remembered', 'name', 'teacher']).nullable(),
  /** Why the column is not imported (null: it is). */
  ignored: z.string().nullable(),
});
export type GradebookColumn = z.infer<typeof gradebookColumn>;

export const GRADEBOOK_MATCHES = ['email', 'control', 'name'] as const;
export type GradebookMatch = (typeof GRADEBOOK_MATCHES)[number];

export const gradebookRow = z.object({
  row: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  user_id: z.number().nullable(),
  controlnumber: z.string().nullable(),
  full_name: z.string().nullable(),
  match: z.enum(GRADEBOOK_MATCHES).nullable(),
});

export const GRADEBOOK_CELL_STATUSES = ['new', 'changed', 'same', 'empty', 'refused', 'clamped', 'kept'] as const;
export type GradebookCellStatus = (typeof GRADEBOOK_CELL_STATUSES)[number];

export const gradebookCell = z.object({
  row: z.number(),
  user_id: z.number(),
  activity_id: z.number(),
  column: z.string(),
  /** The value as the file has it. */
  source: z.string(),
  /** The 0-100 grade it becomes (null: no grade, or refused). */
  grade: z.number().nullable(),
  /** The grade it replaces, and that grade's version (0: none). */
  before: z.number().nullable(),
  version: z.number(),
  /** new/changed: written; same: already that grade; empty: no grade in the file, nothing overwritten; refused;
   * clamped: written after clamping into 0-100; kept: not written, changed elsewhere since the preview (apply). */
  status: z.enum(GRADEBOOK_CELL_STATUSES),
  note: z.string().nullable(),
});
export type GradebookCell = z.infer<typeof gradebookCell>;

export const gradebookImportResult = z.object({
  message: z.string(),
  dry_run: z.boolean(),
  source: z.enum(GRADEBOOK_SOURCES),
  file_name: z.string(),
  columns: z.array(gradebookColumn),
  /** The sheet's activities, for mapping a column onto another one. */
  activities: z.array(z.object({ id: z.number(), activity_name: z.string() })),
  /** Rows of the file that are students, with how each was matched (null: not in this group). */
  rows: z.array(gradebookRow),
  /** Students of the group the file does not have. */
  missing: z.array(z.object({ user_id: z.number(), full_name: z.string(), controlnumber: z.string().nullable() })),
  cells: z.array(gradebookCell),
  inserted: z.number(),
  updated: z.number(),
  refused: z.number(),
  /** Cells saved meanwhile by someone else (apply only): not overwritten. */
  conflicts: z.array(gradeConflict),
  batch_id: z.string().nullable(),
});
export type GradebookImportResult = z.infer<typeof gradebookImportResult>;

/** The key of a cell in `choices.versions`. */
export const gradebookCellKey = (userId: number, activityId: number) => `${userId}:${activityId}`;
