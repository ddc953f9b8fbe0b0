import type { AttributeProfile, GlobalReport, StudentDashboard } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { notFound } from '../../lib/http-errors.js';
import { formatInstant } from '../../lib/time.js';
import { writeWorkbookSheets, type CellValue } from '../../lib/xlsx.js';
import { listAttributeRatings, listGlobalAttributeAverages } from '../ratings/index.js';
import { findActivePeriod, listEnrolments } from './enrolment.repository.js';
import {
  countDashboardActivities,
  findStudentProfile,
  listAllEnrolments,
  listAllObservations,
  listAllSessions,
  listAttributeNames,
  listDashboardActivities,
  listEnrolledAttributes,
  listRatingInputs,
  listStudentGradeRows,
} from './records.repository.js';

/** How many activity rows the dashboard lists. */
const DASHBOARD_ACTIVITIES = 50;

/** `/reportes/alumno/{id}/global`: the global average of each attribute the student has a rating of, in Spanish order. */
export async function globalReport(db: DbOrTrx, userId: number): Promise<GlobalReport> {
  const averages = await listGlobalAttributeAverages(db, { userIds: [userId] });
  const byAttribute = new Map(averages.map((a) => [a.attribute_id, a.average]));
  const names = await listAttributeNames(db, [...byAttribute.keys()]);
  return {
    user_id: userId,
    atributos: names.map((n) => ({ attribute_id: n.id, atributo: n.attribute_name, promedio: byAttribute.get(n.id)! })),
  };
}

export async function studentDashboard(db: DbOrTrx, userId: number): Promise<StudentDashboard> {
  const [profile, period, counts, activities, attributes, averages] = await Promise.all([
    findStudentProfile(db, userId),
    findActivePeriod(db),
    countDashboardActivities(db, userId),
    listDashboardActivities(db, userId, DASHBOARD_ACTIVITIES),
    listEnrolledAttributes(db, userId),
    listGlobalAttributeAverages(db, { userIds: [userId] }),
  ]);
  if (!profile) throw notFound();
  const enrolled = period ? await listEnrolments(db, userId, period.id) : [];
  const byAttribute = new Map(averages.map((a) => [a.attribute_id, a.average]));
  return {
    full_name: profile.full_name,
    enrolled_subjects: enrolled.length,
    graded_activities: counts.graded,
    total_activities: counts.total,
    attributes: attributes.map((a) => ({
      attribute_id: a.id,
      attribute_name: a.attribute_name,
      promedio: byAttribute.get(a.id) ?? null,
    })),
    activities,
  };
}

/**
 * The attribute profile: per attribute its global average and, per subject, the rating with the grades it is the
 * weighted mean of. Ratings and averages come from SQL (modules/ratings); the inputs are listed, never re-averaged.
 */
export async function attributeProfile(db: DbOrTrx, userId: number): Promise<AttributeProfile> {
  const [inputs, ratings, averages] = await Promise.all([
    listRatingInputs(db, userId),
    listAttributeRatings(db, { userIds: [userId] }),
    listGlobalAttributeAverages(db, { userIds: [userId] }),
  ]);
  const rating = new Map(ratings.map((r) => [`${r.attribute_id}:${r.subject_id}`, r.rating]));
  const average = new Map(averages.map((a) => [a.attribute_id, a.average]));
  const atributos: AttributeProfile['atributos'] = [];
  for (const row of inputs) {
    let attribute = atributos.at(-1);
    if (attribute?.attribute_id !== row.attribute_id) {
      attribute = {
        attribute_id: row.attribute_id,
        attribute_name: row.attribute_name,
        promedio: average.get(row.attribute_id) ?? 0,
        subjects: [],
      };
      atributos.push(attribute);
    }
    let subject = attribute.subjects.at(-1);
    if (subject?.subject_id !== row.subject_id) {
      subject = {
        subject_id: row.subject_id,
        subject_name: row.subject_name,
        periods: [],
        rating: rating.get(`${row.attribute_id}:${row.subject_id}`) ?? 0,
        activities: [],
      };
      attribute.subjects.push(subject);
    }
    const periodName = row.period_name ?? 'Sin periodo';
    if (!subject.periods.includes(periodName)) subject.periods.push(periodName);
    subject.activities.push({
      activity_id: row.activity_id,
      activity_name: row.activity_name,
      qualification: row.qualification!,
      ponderation: row.ponderation,
    });
  }
  return { user_id: userId, atributos };
}

const GENDER: Record<number, string> = { 1: 'Hombre', 2: 'Mujer' };
/** An enrolment's state in words: the selection screen's 'Ya inscrita' is state 1, the only one the app writes. */
const enrolmentState = (status: number) => (status === 1 ? 'Inscrita' : `Estado ${status}`);

/** Everything stored about the student that the download of their data holds (404 when there is no such student). */
async function loadStudentData(db: DbOrTrx, userId: number) {
  const [profile, enrolments, grades, ratings, observations, sessions] = await Promise.all([
    findStudentProfile(db, userId),
    listAllEnrolments(db, userId),
    listStudentGradeRows(db, userId),
    listRatingInputs(db, userId),
    listAllObservations(db, userId),
    listAllSessions(db, userId),
  ]);
  if (!profile) throw notFound();
  const computed = await attributeProfile(db, userId);
  return { profile, enrolments, grades, ratings, observations, sessions, computed };
}

type StudentData = Awaited<ReturnType<typeof loadStudentData>>;
type Sheet = Parameters<typeof writeWorkbookSheets>[0][number];

/** The sheets of who the student is and what they took: profile, enrolments and grades. */
function recordSheets({ profile, enrolments, grades }: StudentData): Sheet[] {
  return [
    {
      name: 'Perfil',
      header: ['Campo', 'Valor'],
      rows: [
        ['Nombre', profile.full_name],
        ['Correo', profile.email],
        ['Matrícula', profile.controlnumber ?? ''],
        ['Género', profile.gender ? (GENDER[profile.gender] ?? '') : ''],
        ['Alta', formatInstant(profile.created_at)],
        ['Última actualización', formatInstant(profile.updated_at)],
      ],
    },
    {
      name: 'Inscripciones',
      header: ['Clave', 'Materia', 'Semestre', 'Periodo', 'Estado', 'Fecha'],
      rows: enrolments.map((e) => [
        e.subject_key,
        e.subject_name,
        e.semester_id,
        e.period_name,
        enrolmentState(e.status_id),
        formatInstant(e.created_at),
      ]),
    },
    {
      name: 'Calificaciones',
      header: ['Materia', 'Periodo', 'Actividad', 'Tipo', 'Ponderación', 'Calificación', 'Actualizada'],
      rows: grades.map((g) => [
        g.subject_name,
        g.period_name ?? '',
        g.activity_name,
        g.type_activity,
        g.ponderation,
        g.qualification,
        formatInstant(g.updated_at),
      ]),
    },
  ];
}

/** The sheets of the attributes (as computed, and what they are computed from), the observations and the sessions. */
function attributeSheets({ computed, ratings, observations, sessions }: StudentData): Sheet[] {
  const ratingRows: CellValue[][] = computed.atributos.flatMap((a) =>
    a.subjects.map((s) => [a.attribute_name, s.subject_name, s.periods.join(', '), s.rating, a.promedio]),
  );
  return [
    {
      name: 'Atributos',
      header: ['Atributo', 'Materia', 'Periodos', 'Calificación', 'Promedio global'],
      rows: ratingRows,
    },
    {
      name: 'Cálculo de atributos',
      header: ['Atributo', 'Materia', 'Actividad', 'Calificación', 'Ponderación'],
      rows: ratings.map((r) => [r.attribute_name, r.subject_name, r.activity_name, r.qualification, r.ponderation]),
    },
    {
      name: 'Observaciones',
      header: ['Fecha', 'Materia', 'Atributo', 'Actividad', 'Profesor', 'Observación'],
      rows: observations.map((o) => [
        formatInstant(o.created_at),
        o.subject_name,
        o.attribute_name,
        o.activity_name ?? '',
        o.teacher_name,
        o.observation,
      ]),
    },
    {
      name: 'Sesiones',
      header: ['Fecha', 'Dispositivo', 'IP'],
      rows: sessions.map((s) => [formatInstant(s.logged_in_at), s.user_agent ?? '', s.ip ?? '']),
    },
  ];
}

/**
 * Everything stored about the student, one sheet per kind of record (LFPDPPP access right), in words and with dates
 * as the screens show them (the institution's time zone).
 */
export async function studentDataWorkbook(db: DbOrTrx, userId: number): Promise<Buffer> {
  const data = await loadStudentData(db, userId);
  return writeWorkbookSheets([...recordSheets(data), ...attributeSheets(data)]);
}
