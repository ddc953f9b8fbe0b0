import { z } from 'zod';
import { idField } from './common.js';

// ---------- enrolment ----------

export const studentSemesterQuery = z.object({
  user_id: idField(),
  semester_id: idField().optional(),
  /** The group the student chose: the `parity` policy compares with its semester. */
  group_id: idField().optional(),
});
export type StudentSemesterQuery = z.input<typeof studentSemesterQuery>;

export const studentQuery = z.object({ user_id: idField() });
export const availableQuery = studentSemesterQuery.extend({ semester_id: idField() });

export const enrolledSubject = z.object({
  id: z.number(),
  subject_id: z.number(),
  subject_name: z.string(),
  subject_key: z.string(),
  semester_id: z.number(),
  period_id: z.number(),
  status_id: z.number(),
});
export type EnrolledSubject = z.infer<typeof enrolledSubject>;

export const availableSubject = z.object({
  id: z.number(),
  subject_name: z.string(),
  subject_key: z.string(),
  inscrita: z.boolean(),
  bloqueada: z.boolean(),
  motivo_bloqueo: z.string().nullable(),
});
export type AvailableSubject = z.infer<typeof availableSubject>;

export const enrolBody = z.object({
  user_id: idField(),
  subject_id: idField(),
  semester_id: idField(),
  period_id: idField().optional(),
  /** The group the student chose (the `parity` policy reads its semester). */
  group_id: idField().optional(),
  status_id: z.coerce
    .number('Estado inválido')
    .int('Estado inválido')
    .min(1, 'Estado inválido')
    .max(9, 'Estado inválido')
    .optional(),
});
export type EnrolBody = z.infer<typeof enrolBody>;

export const enrolResult = z.object({ message: z.string(), enrolment: enrolledSubject });

export const studentGroup = z.object({ id: z.number(), group_name: z.string(), semester_id: z.number().nullable() });
export type StudentGroup = z.infer<typeof studentGroup>;

// ---------- records ----------

export const userIdPathParam = z.object({ id: idField() });
export const subjectFilterQuery = z.object({ subject_id: idField().optional() });

export const studentActivity = z.object({
  id: z.number(),
  activity_name: z.string(),
  type_activity: z.string().nullable(),
  ponderation: z.number(),
  professor_subject_id: z.number(),
});
export const studentSubject = z.object({
  id: z.number(),
  subject_name: z.string(),
  subject_key: z.string(),
  activities: z.array(studentActivity),
});
export type StudentSubject = z.infer<typeof studentSubject>;

export const studentAttributeRating = z.object({
  attribute_id: z.number(),
  attribute_name: z.string(),
  subject_id: z.number(),
  /** One decimal; null when nothing linked to the attribute is graded. */
  attributerating: z.number().nullable(),
});
export type StudentAttributeRating = z.infer<typeof studentAttributeRating>;

export const globalReport = z.object({
  user_id: z.number(),
  atributos: z.array(z.object({ attribute_id: z.number(), atributo: z.string(), promedio: z.number() })),
});
export type GlobalReport = z.infer<typeof globalReport>;

/** An activity of the dashboard: the student's grade, or null while it is pending. */
export const dashboardActivity = z.object({
  activity_id: z.number(),
  activity_name: z.string(),
  type_activity: z.string().nullable(),
  subject_name: z.string(),
  qualification: z.number().nullable(),
});
export const studentDashboard = z.object({
  full_name: z.string(),
  enrolled_subjects: z.number(),
  /** Of the activities the dashboard holds (those of the student's sheets and any the student has a grade row for), the graded ones. */
  graded_activities: z.number(),
  /** All of them, graded and pending; `activities` lists the newest of them (at most 50). */
  total_activities: z.number(),
  /** Every attribute the student's subjects evaluate, in Spanish order, with the global average or null. */
  attributes: z.array(
    z.object({ attribute_id: z.number(), attribute_name: z.string(), promedio: z.number().nullable() }),
  ),
  activities: z.array(dashboardActivity),
});
export type StudentDashboard = z.infer<typeof studentDashboard>;

/** One attribute of the profile: its global average and, per subject, the rating and the grades it was computed from. */
export const profileAttribute = z.object({
  attribute_id: z.number(),
  attribute_name: z.string(),
  promedio: z.number(),
  subjects: z.array(
    z.object({
      subject_id: z.number(),
      subject_name: z.string(),
      periods: z.array(z.string()),
      rating: z.number(),
      activities: z.array(
        z.object({
          activity_id: z.number(),
          activity_name: z.string(),
          qualification: z.number(),
          ponderation: z.number(),
        }),
      ),
    }),
  ),
});
export type ProfileAttribute = z.infer<typeof profileAttribute>;
export const attributeProfile = z.object({ user_id: z.number(), atributos: z.array(profileAttribute) });
export type AttributeProfile = z.infer<typeof attributeProfile>;
