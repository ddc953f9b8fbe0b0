import type { EnrolledSubject, StudentGroup } from '@egreso/domain';
import { PASSING_FINAL_TENTHS, ROLE } from '@egreso/domain';
import { joinAssignmentPeriod } from '../../db/joins.js';
import { rowWith } from '../../db/lookups.js';
import { esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { selectFinalGrades } from '../grades/index.js';

export interface ActivePeriod {
  id: number;
  status: 'published' | 'closed';
  start_date: string;
}

export async function findActivePeriod(db: DbOrTrx): Promise<ActivePeriod | null> {
  const row = await db
    .selectFrom('periods')
    .select(['id', 'status', 'start_date'])
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row ? { ...row, status: row.status as ActivePeriod['status'] } : null;
}

/** Whether the user exists and is a student. */
export function isStudent(db: DbOrTrx, userId: number): Promise<boolean> {
  return rowWith(db, 'users', { id: userId, role: ROLE.STUDENT });
}

/** The student's enrolments of one period (optionally of one semester), in Spanish order of the subject. */
export async function listEnrolments(
  db: DbOrTrx,
  userId: number,
  periodId: number,
  semesterId?: number,
): Promise<EnrolledSubject[]> {
  let q = db
    .selectFrom('enrolments as e')
    .innerJoin('subjects as s', 's.id', 'e.subject_id')
    .where('e.user_id', '=', userId)
    .where('e.period_id', '=', periodId)
    .select(['e.id', 'e.subject_id', 's.subject_name', 's.subject_key', 'e.semester_id', 'e.period_id', 'e.status_id']);
  if (semesterId !== undefined) q = q.where('e.semester_id', '=', semesterId);
  return q.orderBy(esKey('s.subject_name')).orderBy('s.id').execute();
}

export interface OfferedSubject {
  id: number;
  subject_name: string;
  subject_key: string;
}

/** The subjects linked to a semester (optionally one of them), in Spanish order. */
export async function listOfferedSubjects(
  db: DbOrTrx,
  semesterId: number,
  subjectId?: number,
): Promise<OfferedSubject[]> {
  let q = db
    .selectFrom('subjects as s')
    .innerJoin('subject_semesters as ss', 'ss.subject_id', 's.id')
    .where('ss.semester_id', '=', semesterId)
    .select(['s.id', 's.subject_name', 's.subject_key']);
  if (subjectId !== undefined) q = q.where('s.id', '=', subjectId);
  return q.orderBy(esKey('s.subject_name')).orderBy('s.id').execute();
}

/** Every semester of each subject, by subject id. */
export async function subjectSemesters(db: DbOrTrx, subjectIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!subjectIds.length) return out;
  const rows = await db
    .selectFrom('subject_semesters')
    .select(['subject_id', 'semester_id'])
    .where('subject_id', 'in', subjectIds)
    .orderBy('subject_id')
    .orderBy('semester_id')
    .execute();
  for (const r of rows) out.set(r.subject_id, [...(out.get(r.subject_id) ?? []), r.semester_id]);
  return out;
}

/**
 * Prerequisites of these subjects that the student has not passed: no final grade >= 70 in any assignment of the
 * prerequisite from a period that started before `beforeDate` (or with no period). Subject id → prerequisite names,
 * in Spanish order.
 */
export async function missingPrerequisites(
  db: DbOrTrx,
  userId: number,
  subjectIds: number[],
  beforeDate: string,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!subjectIds.length) return out;
  const passed = db
    .selectFrom(selectFinalGrades(db, { userIds: [userId] }).as('f'))
    .innerJoin('professor_subjects as ps', 'ps.id', 'f.professor_subject_id')
    .$call(joinAssignmentPeriod)
    .where('f.final_tenths', '>=', PASSING_FINAL_TENTHS)
    .where((eb) => eb.or([eb('ps.period_id', 'is', null), eb('p.start_date', '<', beforeDate)]))
    .select('ps.subject_id');
  const rows = await db
    .selectFrom('subject_prerequisites as sp')
    .innerJoin('subjects as pre', 'pre.id', 'sp.prerequisite_id')
    .where('sp.subject_id', 'in', subjectIds)
    .where('sp.prerequisite_id', 'not in', passed)
    .select(['sp.subject_id', 'pre.subject_name'])
    .orderBy('sp.subject_id')
    .orderBy(esKey('pre.subject_name'))
    .orderBy('pre.id')
    .execute();
  for (const r of rows) out.set(r.subject_id, [...(out.get(r.subject_id) ?? []), r.subject_name]);
  return out;
}

/** The student's groups, in Spanish order of their names. */
export async function listStudentGroups(db: DbOrTrx, userId: number): Promise<StudentGroup[]> {
  return db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .where('ug.user_id', '=', userId)
    .select(['g.id', 'g.group_name', 'g.semester_id'])
    .orderBy(esKey('g.group_name'))
    .orderBy('g.id')
    .execute();
}

/** Inserts an enrolment unless the student already holds one for the subject in the period; null when one existed. */
export async function insertEnrolment(
  db: DbOrTrx,
  row: { user_id: number; subject_id: number; semester_id: number; period_id: number; status_id: number },
  now: string,
): Promise<number | null> {
  const inserted = await db
    .insertInto('enrolments')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'subject_id', 'period_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}
