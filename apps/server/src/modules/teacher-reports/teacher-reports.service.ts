import type { Kysely } from 'kysely';
import { TEACHER_REPORT_MSG, ROLE, type Actor, type GroupReport, type StudentReport } from '@egreso/domain';
import type { Database } from '../../db/types.js';
import { careerScope } from '../../db/career-scope.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { countAttributeBands, listAttributeRatings } from '../ratings/index.js';
import { listSheetAttributes, listSheetStudents } from '../sheets/index.js';
import { listSubjectGroupAssignments, type SubjectGroupAssignment } from './teacher-reports.repository.js';

type Db = Kysely<Database>;

interface Scope {
  subject_id: number;
  group_id: number;
  period_id?: number;
}

/**
 * The assignment a report is about: a teacher's own one for the subject and group (403 when they hold none), any
 * one for chiefs and administrators; the requested period's, else the active period's, else the latest.
 */
async function reportAssignment(db: Db, actor: Actor, scope: Scope): Promise<SubjectGroupAssignment> {
  const teacher = actor.role === ROLE.TEACHER;
  const [found] = await listSubjectGroupAssignments(db, scope.subject_id, scope.group_id, {
    userId: teacher ? actor.id : undefined,
    periodId: scope.period_id,
    // A chief reads the reports of their careers' assignments only (DESIGN §5).
    scope: teacher ? undefined : await careerScope(db, actor),
  });
  if (!found) throw teacher ? forbidden(TEACHER_REPORT_MSG.notYourGroup) : notFound(TEACHER_REPORT_MSG.noAssignment);
  return found;
}

/** The assignment, its students and the rating filter that covers exactly them. */
async function reportScope(db: Db, actor: Actor, scope: Scope) {
  const assignment = await reportAssignment(db, actor, scope);
  // The assignment's sheet: its group's enrolled students and everyone graded on it (after they advance too).
  const [students, attributes] = await Promise.all([
    listSheetStudents(db, assignment),
    listSheetAttributes(db, scope.subject_id),
  ]);
  const filter = {
    subjectId: scope.subject_id,
    groupId: scope.group_id,
    periodId: assignment.period_id ?? undefined,
    userIds: students.map((s) => s.id),
  };
  const context = {
    professor_subject_id: assignment.id,
    subject_name: assignment.subject_name,
    group_name: assignment.group_name,
    period_name: assignment.period_name,
  };
  return { students, attributes, filter, context };
}

/** Band counts per attribute over the group's students (DESIGN §3 ratings, computed in SQL). */
export async function groupReport(db: Db, actor: Actor, scope: Scope): Promise<GroupReport> {
  const { students, attributes, filter, context } = await reportScope(db, actor, scope);
  const counts = new Map((await countAttributeBands(db, filter)).map((c) => [c.attribute_id, c]));
  return {
    ...context,
    alumnos: students,
    atributos: attributes.map((a) => {
      const c = counts.get(a.id);
      return {
        attribute_id: a.id,
        attribute_name: a.attribute_name,
        codigo: a.codigo,
        sobresaliente: c?.sobresaliente ?? 0,
        suficiente: c?.suficiente ?? 0,
        insuficiente: c?.insuficiente ?? 0,
      };
    }),
  };
}

/** One student's rating of each attribute of the subject, from the grades of this group's assignment. */
export async function studentReport(db: Db, actor: Actor, scope: Scope & { user_id: number }): Promise<StudentReport> {
  const { students, attributes, filter, context } = await reportScope(db, actor, scope);
  const student = students.find((s) => s.id === scope.user_id);
  if (!student) throw notFound(TEACHER_REPORT_MSG.studentNotInGroup);
  const ratings = new Map(
    (await listAttributeRatings(db, { ...filter, userIds: [student.id] })).map((r) => [r.attribute_id, r.rating]),
  );
  return {
    ...context,
    alumno: student,
    atributos: attributes.map((a) => ({
      attribute_id: a.id,
      attribute_name: a.attribute_name,
      codigo: a.codigo,
      promedio: ratings.get(a.id) ?? null,
    })),
  };
}
