import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { text, timestamps } from './common.js';

export const GROUP_MSG = {
  nameRequired: 'El nombre del grupo es obligatorio.',
  semesterRequired: 'El semestre es obligatorio.',
  semesterRange: 'El semestre debe estar entre 1 y 9.',
  nameTaken: 'Ya existe un grupo con ese nombre.',
  notFound: 'Grupo no encontrado.',
  deleted: 'Grupo eliminado.',
  fillAll: 'Por favor, llena todos los campos.',
} as const;

export const semesterId = z.coerce
  .number(GROUP_MSG.semesterRequired)
  .int(GROUP_MSG.semesterRange)
  .min(1, GROUP_MSG.semesterRange)
  .max(9, GROUP_MSG.semesterRange);

export const groupBody = z.object({
  group_name: text(LIMITS.groupName, GROUP_MSG.nameRequired),
  semester_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), semesterId),
});
export type GroupBody = z.input<typeof groupBody>;

export const semester = z.object({ id: z.number(), semester_name: z.string() });
export type Semester = z.infer<typeof semester>;

export const subjectSemester = z.object({ id: z.number(), subject_id: z.number(), semester_id: z.number() });
export type SubjectSemester = z.infer<typeof subjectSemester>;

export const group = z.object({
  id: z.number(),
  group_name: z.string(),
  semester_id: z.number().nullable(),
  semester: semester.nullable(),
  ...timestamps,
});
export type Group = z.infer<typeof group>;

/** A row of the groups list: whether the viewer may edit and delete it (DESIGN §5, a chief's groups). */
export const groupListItem = group.extend({ can_edit: z.boolean() });
export type GroupListItem = z.infer<typeof groupListItem>;

export const groupStudent = z.object({
  id: z.number(),
  full_name: z.string(),
  controlnumber: z.string().nullable(),
  email: z.string(),
  gender: z.number().nullable(),
});
export type GroupStudent = z.infer<typeof groupStudent>;
