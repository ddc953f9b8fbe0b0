import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { assignment } from './assignments.js';
import { mailReport, publicUser } from './auth.js';
import { idField, importQuery, paginationMeta, queryBool, timestamps } from './common.js';

/** Spanish texts of the teachers and students screens and their server checks. */
export const PEOPLE_MSG = {
  fillAll: 'Por favor, llena todos los campos.',
  chooseGeneration: 'Selecciona una generación para el alumno.',
  noGenerationLink: 'Este alumno aún no tiene generación asignada. Asigna una en “Editar” antes de cambiar el estado.',
  missingSemester: 'Falta current_semester_id para crear la relación user_generations.',
  fileRequired: 'Selecciona un archivo .xlsx o .xls',
  notSpreadsheet:
    'El archivo no es una hoja de cálculo válida (.xlsx o .xls). Revisa que no esté dañado ni sea otro tipo de archivo renombrado.',
  legacyXls:
    'El archivo es un .xls antiguo de Excel 97-2003. Ábrelo en Excel o LibreOffice y guárdalo como .xlsx para importarlo.',
  emptyFile: 'El archivo no tiene filas de datos debajo del encabezado.',
  missingHeaders: (headers: string[]) => `Faltan columnas en el encabezado: ${headers.join(', ')}.`,
  inUseStudent:
    'El alumno tiene calificaciones, observaciones o inscripciones y no puede eliminarse. Cambia su estatus a «Baja» en su lugar.',
  inUseUser:
    'El usuario tiene asignaciones, calificaciones u observaciones y no puede eliminarse; consérvalo para no perder su historial (a un alumno cámbialo a «Baja»).',
  userNotFound: 'Usuario no encontrado.',
  notStudent: 'El usuario no es un alumno.',
  groupNotFound: 'El grupo seleccionado no existe.',
  generationNotFound: 'La generación seleccionada no existe.',
  /** A semester advance by a chief leaves a student who is also in a career outside the chief's. */
  advanceSharedStudent: 'El alumno también está en una carrera que no diriges: su semestre lo avanza el administrador.',
  semesterNotFound: 'El semestre seleccionado no existe.',
  linkNotFound: 'Relación de generación no encontrada.',
  alreadyInGroup: 'El alumno ya pertenece a ese grupo.',
  statusRange: 'El estatus debe ser 0 (Baja), 1 (Activo) o 2 (Graduado).',
  groupsCleared: 'Grupos del alumno eliminados.',
  pageWithoutSize: 'Envía page junto con per_page.',
  /** A people import's row errors and warnings; `column` is a column's header as the spreadsheet shows it. */
  importRow: {
    cell: (column: string, message: string) => `${column}: ${message}`,
    emailInvalid: (value: string) => `${MSG.emailInvalid} («${value}»).`,
    genderInvalid: (value: string) => `escribe Hombre o Mujer («${value}»).`,
    statusInvalid: (value: string) => `escribe Activo, Baja o Graduado («${value}»).`,
    unidentified: (numberColumn: string, emailColumn: string) =>
      `Falta ${numberColumn} o ${emailColumn} para identificar la fila.`,
    duplicateNumber: (numberColumn: string, number: string, row: number) =>
      `Fila duplicada: ${numberColumn} ${number} ya aparece en la fila ${row}.`,
    duplicateEmail: (email: string, row: number) => `Fila duplicada: el correo ${email} ya aparece en la fila ${row}.`,
    groupUnknown: (group: string) => `el grupo «${group}» no existe y su nombre no indica el semestre.`,
    groupOtherSemester: (group: string, semester: number, generation: string, current: number) =>
      `el grupo «${group}» es de ${semester}.º semestre, pero la generación ${generation} cursa el ${current}.º semestre.`,
    groupCreated: (group: string, semester: number) => `Se creará el grupo «${group}» de ${semester}.º semestre.`,
    generationUnknown: (value: string) => `la generación «${value}» no existe (formato AAAA-AAAA).`,
    missingForNew: (columns: string[]) => `Faltan datos obligatorios para un registro nuevo: ${columns.join(', ')}.`,
  },
} as const;

const statusField = z.coerce
  .number(PEOPLE_MSG.statusRange)
  .int(PEOPLE_MSG.statusRange)
  .refine((v) => v === 0 || v === 1 || v === 2, PEOPLE_MSG.statusRange);

const perPage = z.coerce
  .number('per_page debe ser un número entero')
  .int('per_page debe ser un número entero')
  .min(1, 'per_page debe ser al menos 1')
  .max(LIMITS.perPageMax, `per_page debe ser como máximo ${LIMITS.perPageMax}`);
const page = z.coerce
  .number('page debe ser un número entero')
  .int('page debe ser un número entero')
  .min(1, 'page debe ser al menos 1');

// ---------- GET /users ----------

/**
 * GET /users query. Without `page` and `per_page` the answer is a plain array (the spec's calls);
 * with either, it is `{data, meta}` paged in SQL.
 */
export const usersQuery = z.object({
  role: z.coerce
    .number('El rol no es válido')
    .int('El rol no es válido')
    .refine((v) => v >= 0 && v <= 3, 'El rol no es válido')
    .optional(),
  career_id: idField('La carrera no es válida').optional(),
  group_id: idField('El grupo no es válido').optional(),
  /** Status of the student's latest generation link: 0 Baja, 1 Activo, 2 Graduado. */
  active: statusField.optional(),
  include_generation: queryBool.optional(),
  /** Name, number or e-mail, without regard to case or accents. */
  search: z.string().max(100, MSG.tooLong(100)).optional(),
  page: page.optional(),
  per_page: perPage.optional(),
});
export type UsersQuery = z.input<typeof usersQuery>;

export const userGroupRef = z.object({ id: z.number(), group_name: z.string(), semester_id: z.number().nullable() });
export type UserGroupRef = z.infer<typeof userGroupRef>;

/** The student's most recent generation link (highest id). */
export const latestGeneration = z.object({
  id: z.number(),
  generation_id: z.number(),
  generation_name: z.string(),
  current_semester_id: z.number().nullable(),
  active: z.number(),
});
export type LatestGeneration = z.infer<typeof latestGeneration>;

/** A user of the list: students also carry their groups, and their latest generation with include_generation=1. */
export const userListItem = publicUser.extend({
  groups: z.array(userGroupRef),
  latest_generation: latestGeneration.nullable().optional(),
});
export type UserListItem = z.infer<typeof userListItem>;

/** GET /users/{id}: the user, and a teacher's assignments (empty for anyone else). */
export const userDetail = publicUser.extend({ professor_subjects: z.array(assignment) });
export type UserDetail = z.infer<typeof userDetail>;

export const usersPage = z.object({ data: z.array(userListItem), meta: paginationMeta });
export type UsersPage = z.infer<typeof usersPage>;

// ---------- /usergroups ----------

export const userGroupsQuery = z.object({ user_id: idField('El usuario no es válido').optional() });
export const userGroupBody = z.object({
  user_id: idField('El usuario no es válido'),
  group_id: idField('Selecciona un grupo.'),
});
export type UserGroupBody = z.input<typeof userGroupBody>;
/** A student-group link; `group_name` and `semester_id` repeat the group's for clients that read them flat (the spec's). */
export const userGroup = z.object({
  id: z.number(),
  user_id: z.number(),
  group_id: z.number(),
  group_name: z.string(),
  semester_id: z.number().nullable(),
  group: userGroupRef,
});
export type UserGroup = z.infer<typeof userGroup>;
export const userIdParam = z.object({ userId: idField('El usuario no es válido') });

// ---------- /usergenerations ----------

export const userGenerationsQuery = z.object({ user_id: idField('El usuario no es válido').optional() });
export const userGenerationCreateBody = z.object({
  user_id: idField('El usuario no es válido'),
  generation_id: idField(PEOPLE_MSG.chooseGeneration),
  current_semester_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number(PEOPLE_MSG.missingSemester)
      .int(PEOPLE_MSG.missingSemester)
      .min(1, PEOPLE_MSG.missingSemester)
      .max(9, 'El semestre debe estar entre 1 y 9.'),
  ),
  active: statusField.default(1),
});
export type UserGenerationCreateBody = z.input<typeof userGenerationCreateBody>;
export const userGenerationUpdateBody = z.object({
  generation_id: idField(PEOPLE_MSG.chooseGeneration),
  active: statusField,
  current_semester_id: z.coerce
    .number('El semestre debe estar entre 1 y 9.')
    .int('El semestre debe estar entre 1 y 9.')
    .min(1, 'El semestre debe estar entre 1 y 9.')
    .max(9, 'El semestre debe estar entre 1 y 9.')
    .nullish(),
});
export type UserGenerationUpdateBody = z.input<typeof userGenerationUpdateBody>;
export const userGeneration = z.object({
  id: z.number(),
  user_id: z.number(),
  generation_id: z.number(),
  generation_name: z.string(),
  current_semester_id: z.number().nullable(),
  active: z.number(),
  ...timestamps,
});
export type UserGeneration = z.infer<typeof userGeneration>;

/** PUT /students/{id}/status: the status of the student's latest generation link. */
export const studentStatusBody = z.object({ active: statusField });
export type StudentStatusBody = z.input<typeof studentStatusBody>;

// ---------- semester advance ----------

/** `{}` (no group_id) advances every active student; `{group_id}` only those of the group. */
export const advanceSemesterBody = z.object({
  group_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('El grupo no es válido').optional()),
});
export type AdvanceSemesterBody = z.input<typeof advanceSemesterBody>;
export const advanceSemesterResult = z.object({
  advanced: z.number(),
  graduated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ user_id: z.number(), reason: z.string() })),
});
export type AdvanceSemesterResult = z.infer<typeof advanceSemesterResult>;

// ---------- spreadsheets ----------

/** GET /students/export: status filter (absent = every student) and the generation column. */
export const studentsExportQuery = z.object({
  active: z
    .union([z.literal('all'), statusField], 'El estatus debe ser 0 (Baja), 1 (Activo), 2 (Graduado) o all (todos).')
    .optional(),
  assign_generation: queryBool.optional(),
});
export type StudentsExportQuery = z.input<typeof studentsExportQuery>;

/** POST /teachers|students/import: dry run, and the career new people are linked to (DESIGN §5). */
export const peopleImportQuery = importQuery.extend({ career_id: idField('La carrera no es válida').optional() });
export type PeopleImportQuery = z.input<typeof peopleImportQuery>;

export const importRowError = z.object({ row: z.number(), error: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

/** A person an import created, with their one-time password: answered once, for the access slips. */
export const importCredential = z.object({
  row: z.number(),
  full_name: z.string(),
  email: z.string(),
  controlnumber: z.string(),
  initial_password: z.string(),
});
export type ImportCredential = z.infer<typeof importCredential>;

/** The answer of an import that was written; `credentials`: one per created row (absent from a preview). */
export const importResult = z.object({
  inserted: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(importRowError),
  credentials: z.array(importCredential).optional(),
  /** With mail: the activation links sent to the created people instead of `credentials`. */
  mail: mailReport.optional(),
});
export type ImportResult = z.infer<typeof importResult>;

export const IMPORT_ROW_STATUS = ['new', 'updated', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUS)[number];
export const IMPORT_ROW_STATUS_LABEL: Record<ImportRowStatus, string> = {
  new: 'Nuevo',
  updated: 'Actualizado',
  unchanged: 'Sin cambios',
  error: 'Error',
};

/** One row of a preview: what the import would do with it; `field` is the column header. */
export const importPreviewRow = z.object({
  row: z.number(),
  status: z.enum(IMPORT_ROW_STATUS),
  full_name: z.string(),
  controlnumber: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string() })),
  error: z.string().nullable(),
  /** What the row would do that the chief should see first (a group it would create); the row is still imported. */
  warnings: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/** The answer of `?dry_run=1`: the same counts the import would give, plus every row; nothing is written. */
export const importPreview = importResult.extend({ dry_run: z.literal(true), rows: z.array(importPreviewRow) });
export type ImportPreview = z.infer<typeof importPreview>;
