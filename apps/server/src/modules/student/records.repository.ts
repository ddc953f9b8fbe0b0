import type { StudentSubject } from '@egreso/domain';
import { joinActivityAssignment, joinAssignmentPeriod, joinAssignmentSubject } from '../../db/joins.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { sheetMembers } from '../sheets/index.js';
import { studentObservations } from '../observations/index.js';

/** The student's rating of each attribute of a subject (or of every subject enrolled): an aggregate of `modules/ratings`. */
export { listStudentAttributeRatings } from '../ratings/index.js';

/** The subjects the student has been enrolled in, in Spanish order, each with the activities of the student's sheets. */
export async function listStudentSubjects(db: DbOrTrx, userId: number): Promise<StudentSubject[]> {
  const [subjects, activities] = await Promise.all([
    db
      .selectFrom('subjects as s')
      .where('s.id', 'in', (eb) => eb.selectFrom('enrolments').select('subject_id').where('user_id', '=', userId))
      .select(['s.id', 's.subject_name', 's.subject_key'])
      .orderBy(esKey('s.subject_name'))
      .orderBy('s.id')
      .execute(),
    // The assignments whose sheets hold the student (`sheetMembers`: enrolled in the group, or graded on them).
    sheetMembers(db, { userIds: [userId] })
      .innerJoin('activities as a', 'a.professor_subject_id', 'm.professor_subject_id')
      .select(['m.subject_id', 'a.id', 'a.activity_name', 'a.type_activity', 'a.ponderation', 'a.professor_subject_id'])
      .distinct()
      .orderBy('m.subject_id')
      .orderBy('a.id')
      .execute(),
  ]);
  const bySubject = new Map<number, StudentSubject['activities']>();
  for (const { subject_id, ...a } of activities) bySubject.set(subject_id, [...(bySubject.get(subject_id) ?? []), a]);
  return subjects.map((s) => ({ ...s, activities: bySubject.get(s.id) ?? [] }));
}

/** Attribute names by id, in the order of attributes (`byAttributeOrder`: by code). */
export async function listAttributeNames(
  db: DbOrTrx,
  ids: number[],
): Promise<Array<{ id: number; attribute_name: string }>> {
  if (!ids.length) return [];
  return db
    .selectFrom('attributes')
    .select(['id', 'attribute_name'])
    .where('id', 'in', ids)
    .$call(byAttributeOrder('attributes'))
    .execute();
}

/** Attributes of the subjects the student is or was enrolled in, in the order of attributes. */
export async function listEnrolledAttributes(
  db: DbOrTrx,
  userId: number,
): Promise<Array<{ id: number; attribute_name: string }>> {
  return db
    .selectFrom('attributes as at')
    .where('at.id', 'in', (eb) =>
      eb
        .selectFrom('subject_attributes as sa')
        .innerJoin('enrolments as e', 'e.subject_id', 'sa.subject_id')
        .where('e.user_id', '=', userId)
        .select('sa.attribute_id'),
    )
    .select(['at.id', 'at.attribute_name'])
    .$call(byAttributeOrder('at'))
    .execute();
}

/** The student's activity rows (graded or not) with the activity and its assignment's subject and period. */
function studentActivityRows(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('user_activities as ua')
    .innerJoin('activities as a', 'a.id', 'ua.activity_id')
    .$call(joinActivityAssignment)
    .$call(joinAssignmentSubject)
    .$call(joinAssignmentPeriod)
    .where('ua.user_id', '=', userId);
}

/** The student's activity rows (graded or not), newest change first, with the activity's subject. */
export async function listStudentGradeRows(db: DbOrTrx, userId: number) {
  return studentActivityRows(db, userId)
    .select([
      'ua.activity_id',
      'a.activity_name',
      'a.type_activity',
      'a.ponderation',
      's.subject_name',
      's.subject_key',
      'p.period_name',
      'ua.qualification',
      'ua.updated_at',
    ])
    .orderBy('ua.updated_at', 'desc')
    .orderBy('ua.activity_id', 'desc')
    .execute();
}

/**
 * The dashboard's activities: those of the student's sheets (`sheetMembers`, as the grades page lists them) and any other the student
 * has a grade row for, each with the student's grade or null (pending). One source for the list and its counters.
 */
function dashboardActivities(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('activities as a')
    .$call(joinActivityAssignment)
    .$call(joinAssignmentSubject)
    .leftJoin('user_activities as ua', (j) => j.onRef('ua.activity_id', '=', 'a.id').on('ua.user_id', '=', userId))
    .where((eb) =>
      eb.or([
        eb('ua.user_id', 'is not', null),
        eb('a.professor_subject_id', 'in', sheetMembers(db, { userIds: [userId] }).select('m.professor_subject_id')),
      ]),
    );
}

/** How many activities the dashboard holds and how many of them are graded. */
export async function countDashboardActivities(
  db: DbOrTrx,
  userId: number,
): Promise<{ total: number; graded: number }> {
  const row = await dashboardActivities(db, userId)
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('ua.qualification').as('graded')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), graded: Number(row.graded) };
}

/**
 * The dashboard's activity rows, newest first: by the last change of the student's grade, else by the activity's
 * creation (a pending activity appears when it is created, a graded one when it is graded).
 */
export async function listDashboardActivities(db: DbOrTrx, userId: number, limit: number) {
  return dashboardActivities(db, userId)
    .select(['a.id as activity_id', 'a.activity_name', 'a.type_activity', 's.subject_name', 'ua.qualification'])
    .orderBy((eb) => eb.fn.coalesce('ua.updated_at', 'a.created_at'), 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The grades behind each attribute rating of the student: per attribute and subject, the graded activities with a
 * positive ponderation linked to the attribute (exactly the rows the rating's weighted mean counts).
 */
export async function listRatingInputs(db: DbOrTrx, userId: number) {
  return studentActivityRows(db, userId)
    .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
    .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
    .where('ua.qualification', 'is not', null)
    .where('a.ponderation', '>', 0)
    .select([
      'aa.attribute_id',
      'at.attribute_name',
      'ps.subject_id',
      's.subject_name',
      'p.period_name',
      'a.id as activity_id',
      'a.activity_name',
      'ua.qualification',
      'a.ponderation',
    ])
    .$call(byAttributeOrder('at'))
    .orderBy(esKey('s.subject_name'))
    .orderBy('ps.subject_id')
    .orderBy('a.id')
    .execute();
}

/** Everything the download of the student's data needs besides grades and ratings. */
export async function findStudentProfile(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'controlnumber', 'gender', 'role', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function listAllEnrolments(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('subjects as s', 's.id', 'e.subject_id')
    .innerJoin('periods as p', 'p.id', 'e.period_id')
    .where('e.user_id', '=', userId)
    .select(['s.subject_key', 's.subject_name', 'e.semester_id', 'p.period_name', 'e.status_id', 'e.created_at'])
    .orderBy('p.start_date')
    .orderBy(esKey('s.subject_name'))
    .orderBy('e.id')
    .execute();
}

export async function listAllObservations(db: DbOrTrx, userId: number) {
  return studentObservations(db, userId)
    .innerJoin('subjects as s', 's.id', 'o.subject_id')
    .innerJoin('attributes as at', 'at.id', 'o.attribute_id')
    .select(['s.subject_name', 'at.attribute_name'])
    .execute();
}

export async function listAllSessions(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('user_sessions')
    .where('user_id', '=', userId)
    .select(['logged_in_at', 'user_agent', 'ip'])
    .orderBy('logged_in_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
