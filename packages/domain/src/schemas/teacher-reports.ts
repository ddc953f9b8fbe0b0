import { z } from 'zod';
import { idField } from './common.js';
import { attributeCount } from './grades.js';

export const TEACHER_REPORT_MSG = {
  subjectRequired: 'Selecciona una materia.',
  groupRequired: 'Selecciona un grupo.',
  studentRequired: 'Selecciona un alumno.',
  periodInvalid: 'El periodo no es válido.',
  notYourGroup: 'No tienes asignada esa materia en ese grupo.',
  noAssignment: 'No hay una asignación de esa materia en ese grupo.',
  studentNotInGroup: 'El alumno no pertenece a este grupo en esta materia.',
  // Client texts.
  title: 'Reporte gráfico',
  allStudents: 'Todos los alumnos',
  filtersApplied: 'Filtros aplicados',
  noFilters: 'Sin filtros aplicados.',
  showPercent: 'Ver en %',
  showCount: 'Ver conteo',
} as const;

export const groupReportQuery = z.object({
  subject_id: idField(TEACHER_REPORT_MSG.subjectRequired),
  group_id: idField(TEACHER_REPORT_MSG.groupRequired),
  period_id: idField(TEACHER_REPORT_MSG.periodInvalid).optional(),
});
export type GroupReportQuery = z.input<typeof groupReportQuery>;

export const studentReportQuery = groupReportQuery.extend({ user_id: idField(TEACHER_REPORT_MSG.studentRequired) });
export type StudentReportQuery = z.input<typeof studentReportQuery>;

export const reportStudent = z.object({ id: z.number(), full_name: z.string(), controlnumber: z.string().nullable() });
export type ReportStudent = z.infer<typeof reportStudent>;

const reportContext = {
  professor_subject_id: z.number(),
  subject_name: z.string(),
  group_name: z.string().nullable(),
  period_name: z.string().nullable(),
};

export const groupReport = z.object({
  ...reportContext,
  alumnos: z.array(reportStudent),
  /** Per attribute of the subject, how many of the group's students rate in each band (students without grades are not counted). */
  atributos: z.array(attributeCount),
});
export type GroupReport = z.infer<typeof groupReport>;

export const studentReport = z.object({
  ...reportContext,
  alumno: reportStudent,
  /** The student's rating of each attribute of the subject; null when nothing linked to it is graded. */
  atributos: z.array(
    z.object({
      attribute_id: z.number(),
      attribute_name: z.string(),
      codigo: z.string().nullable(),
      promedio: z.number().nullable(),
    }),
  ),
});
export type StudentReport = z.infer<typeof studentReport>;
