import {
  ENROLMENT_MSG,
  ROLE,
  canReadStudentData,
  enrolmentBlock,
  policyBlock,
  type Actor,
  type AvailableSubject,
  type EnrolBody,
} from '@egreso/domain';
import { assertPersonInScope } from '../../db/career-scope.js';
import type { Transaction } from 'kysely';
import type { Database, DbOrTrx } from '../../db/types.js';
import { auditRow } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { readGroupPolicy } from '../group-policy/index.js';
import {
  findActivePeriod,
  insertEnrolment,
  isStudent,
  listEnrolments,
  listOfferedSubjects,
  listStudentGroups,
  missingPrerequisites,
  subjectSemesters,
} from './enrolment.repository.js';

/**
 * A student reads only their own records; chiefs and administrators read any student's (DESIGN §5). Refused first
 * (403), then 404 when the id is not a student's.
 */
export async function assertCanReadStudent(db: DbOrTrx, actor: Actor, userId: number): Promise<void> {
  if (!canReadStudentData(actor, userId)) throw forbidden();
  if (!(await isStudent(db, userId))) throw notFound(ENROLMENT_MSG.studentMissing);
  // A chief reads the students of their careers (and those linked to none).
  if (actor.id !== userId) await assertPersonInScope(db, actor, userId);
}

/** Only the student enrols themself. */
export function assertIsStudent(actor: Actor, userId: number): void {
  if (actor.role !== ROLE.STUDENT || actor.id !== userId) throw forbidden();
}

/** The semester of the group the student chose (422 when it is not one of theirs). */
async function groupSemester(db: DbOrTrx, userId: number, groupId: number | undefined): Promise<number | null> {
  if (groupId === undefined) return null;
  const group = (await listStudentGroups(db, userId)).find((g) => g.id === groupId);
  if (!group) throw fieldError('group_id', ENROLMENT_MSG.groupNotYours);
  return group.semester_id;
}

/**
 * The subjects of a semester as the student may enrol them now (DESIGN §3 Enrolment): 'Ya inscrita' when enrolled in
 * the active period, else blocked with the first reason (period, prerequisites, group policy), else selectable.
 */
export async function availableSubjects(
  db: DbOrTrx,
  userId: number,
  semesterId: number,
  groupId?: number,
  subjectId?: number,
): Promise<AvailableSubject[]> {
  const [subjects, period, policy, groupSem] = await Promise.all([
    listOfferedSubjects(db, semesterId, subjectId),
    findActivePeriod(db),
    readGroupPolicy(db),
    groupSemester(db, userId, groupId),
  ]);
  const ids = subjects.map((s) => s.id);
  const [enrolled, missing, semesters] = await Promise.all([
    period ? listEnrolments(db, userId, period.id) : Promise.resolve([]),
    period ? missingPrerequisites(db, userId, ids, period.start_date) : Promise.resolve(new Map<number, string[]>()),
    subjectSemesters(db, ids),
  ]);
  const enrolledIds = new Set(enrolled.map((e) => e.subject_id));
  return subjects.map((s) => {
    const inscrita = enrolledIds.has(s.id);
    const reason = inscrita
      ? null
      : enrolmentBlock({
          activePeriod: period,
          missingPrerequisites: missing.get(s.id) ?? [],
          policy: period
            ? policyBlock(policy, {
                semester: semesterId,
                subjectSemesters: semesters.get(s.id) ?? [],
                periodStartMonth: Number(period.start_date.slice(5, 7)),
                groupSemester: groupSem,
              })
            : null,
        });
    return { ...s, inscrita, bloqueada: reason !== null, motivo_bloqueo: reason };
  });
}

/**
 * Enrols the student in one subject of the active period. The availability is decided in the same transaction as the
 * insert; the unique (student, subject, period) index settles two simultaneous requests: the second answers 409.
 */
export async function enrol(trx: Transaction<Database>, actor: Actor, body: EnrolBody, now: string) {
  const { user_id: userId, subject_id: subjectId, semester_id: semesterId } = body;
  const [subject] = await availableSubjects(trx, userId, semesterId, body.group_id, subjectId);
  if (!subject) throw fieldError('subject_id', ENROLMENT_MSG.notOffered);
  if (subject.inscrita) throw conflict(ENROLMENT_MSG.alreadyEnrolled);
  if (subject.bloqueada) throw conflict(subject.motivo_bloqueo ?? ENROLMENT_MSG.noActivePeriod);
  const period = (await findActivePeriod(trx))!;
  if (body.period_id !== undefined && body.period_id !== period.id)
    throw fieldError('period_id', ENROLMENT_MSG.notActivePeriod);
  const row = {
    user_id: userId,
    subject_id: subjectId,
    semester_id: semesterId,
    period_id: period.id,
    status_id: body.status_id ?? 1,
  };
  const id = await insertEnrolment(trx, row, now);
  if (id === null) throw conflict(ENROLMENT_MSG.alreadyEnrolled);
  await auditRow(trx, actor.id, 'enrolment.create', 'enrolments', id, row);
  return { id, ...row, subject_name: subject.subject_name, subject_key: subject.subject_key };
}
