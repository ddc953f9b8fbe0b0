import { z } from 'zod';
import { idField, MAX_ID, queryBool } from './common.js';
import { careerRef } from './auth.js';
import { semester } from './groups.js';

export const ASSIGNMENT_MSG = {
  fillAll: 'Por favor, selecciona profesor, materia y grupo.',
  fillEdit: 'Por favor, selecciona profesor y al menos una materia-grupo.',
  userRequired: 'Selecciona un profesor.',
  subjectRequired: 'Selecciona una materia.',
  groupRequired: 'Selecciona un grupo.',
  notTeacher: 'El usuario seleccionado no es un profesor.',
  teacherMissing: 'El profesor no existe.',
  subjectMissing: 'La materia no existe.',
  groupMissing: 'El grupo no existe.',
  groupWithoutSemester: 'El grupo no tiene semestre asignado.',
  periodMissing: 'El periodo no existe.',
  periodClosed: 'El periodo está cerrado; no admite nuevas asignaciones.',
  careerMissing: 'La carrera no existe.',
  wrongSemester: 'La materia no corresponde al semestre del grupo.',
  duplicate: 'El profesor ya tiene asignada esa materia en ese grupo y periodo.',
  takenByOther: (subject: string, group: string, teacher: string) =>
    `La materia «${subject}» del grupo ${group} ya está asignada a ${teacher} en este periodo.`,
  inUse: (labels: string[]) =>
    labels.length === 1
      ? `La asignación «${labels[0]}» tiene actividades o rúbrica registradas y no puede eliminarse.`
      : `Las asignaciones ${labels.map((l) => `«${l}»`).join(', ')} tienen actividades o rúbrica registradas y no pueden eliminarse.`,
  notFound: 'Asignación no encontrada.',
  deleted: 'Asignación eliminada.',
  deletedAll: 'Asignaciones eliminadas.',
  saved: 'Asignaciones actualizadas.',
} as const;

const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number(message).int(message).positive(message).max(MAX_ID, message),
  );
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number(message).int(message).positive(message).max(MAX_ID, message).nullish(),
  );

export const assignmentCreateBody = z.object({
  user_id: requiredId(ASSIGNMENT_MSG.userRequired),
  subject_id: requiredId(ASSIGNMENT_MSG.subjectRequired),
  group_id: requiredId(ASSIGNMENT_MSG.groupRequired),
  period_id: optionalId(ASSIGNMENT_MSG.periodMissing),
  career_id: optionalId(ASSIGNMENT_MSG.careerMissing),
});
export type AssignmentCreateBody = z.input<typeof assignmentCreateBody>;

const assignmentRowInput = z.object({
  subject_id: requiredId(ASSIGNMENT_MSG.subjectRequired),
  group_id: requiredId(ASSIGNMENT_MSG.groupRequired),
});

export const assignmentBulkBody = z.object({
  period_id: optionalId(ASSIGNMENT_MSG.periodMissing),
  rows: z.array(assignmentRowInput, ASSIGNMENT_MSG.fillEdit).min(1, ASSIGNMENT_MSG.fillEdit),
});
export type AssignmentBulkBody = z.input<typeof assignmentBulkBody>;

export const assignmentsQuery = z.object({
  user_id: idField().optional(),
  period_id: idField().optional(),
  /** Only the active period's assignments. */
  current: queryBool.optional(),
});

export const periodQuery = z.object({
  period_id: idField().optional(),
});

const assignmentPeriod = z.object({ id: z.number(), period_name: z.string(), is_active: z.boolean() });

export const assignment = z.object({
  id: z.number(),
  user_id: z.number(),
  subject_id: z.number(),
  group_id: z.number().nullable(),
  period_id: z.number().nullable(),
  career_id: z.number().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number(), full_name: z.string() }),
  subject: z.object({ id: z.number(), subject_name: z.string(), subject_key: z.string() }),
  group: z.object({ id: z.number(), group_name: z.string(), semester_id: z.number().nullable() }).nullable(),
  semester: semester.nullable(),
  period: assignmentPeriod.nullable(),
  career: careerRef.nullable(),
});
export type Assignment = z.infer<typeof assignment>;

export const assignmentBulkResult = z.object({
  message: z.string(),
  kept: z.array(z.number()),
  created: z.array(z.number()),
  deleted: z.array(z.number()),
  assignments: z.array(assignment),
});
export type AssignmentBulkResult = z.infer<typeof assignmentBulkResult>;

export const assignmentDeleteAllResult = z.object({ message: z.string(), deleted: z.number() });

/** A teacher's own assignment as the teacher screens read it: with the subject's careers. */
export const teacherAssignment = assignment.extend({ careers: z.array(careerRef) });
export type TeacherAssignment = z.infer<typeof teacherAssignment>;

export const teacherAssignmentsQuery = z.object({
  career_id: idField().optional(),
  period_id: idField().optional(),
  current: queryBool.optional(),
});
