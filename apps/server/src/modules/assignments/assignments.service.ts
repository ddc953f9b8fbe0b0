import {
  ASSIGNMENT_MSG,
  ROLE,
  SCOPE_MSG,
  careerInScope,
  diffAssignments,
  type Assignment,
  type CareerScope,
} from '@egreso/domain';
import { assertPersonInScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import type { DbOrTrx } from '../../db/types.js';
import { refuseIfAnyInUse } from '../../db/usage.js';
import { auditRow } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { findActivePeriod } from '../catalogues/index.js';
import {
  assignmentLabel,
  ASSIGNMENT_DEPENDENTS,
  defaultCareers,
  deleteAssignments,
  findPeriod,
  findUserRole,
  heldByOthers,
  insertAssignments,
  listAssignments,
  rowReferences,
} from './assignments.repository.js';

interface Row {
  subject_id: number;
  group_id: number;
}

/** The period a listing asks for: the active one with `current`, else the one given (undefined: every period). */
export async function periodOfQuery(db: DbOrTrx, current: boolean | undefined, periodId: number | null | undefined) {
  return current ? ((await findActivePeriod(db))?.id ?? null) : periodId;
}

/** The period an assignment belongs to: the one sent, else the active one (null when none is active). */
async function resolvePeriod(db: DbOrTrx, periodId: number | null | undefined, creating: boolean) {
  const period = periodId ? await findPeriod(db, periodId) : await findActivePeriod(db);
  if (periodId && !period) throw fieldError('period_id', ASSIGNMENT_MSG.periodMissing);
  if (creating && period?.status === 'closed') throw fieldError('period_id', ASSIGNMENT_MSG.periodClosed);
  return period?.id ?? null;
}

/** The teacher an assignment is for; `missing` decides whether an unknown id is a field error or a 404. */
async function teacherOf(db: DbOrTrx, userId: number, missing: 'field' | 'notFound') {
  const teacher = await findUserRole(db, userId);
  if (!teacher)
    throw missing === 'field'
      ? fieldError('user_id', ASSIGNMENT_MSG.teacherMissing)
      : notFound(ASSIGNMENT_MSG.teacherMissing);
  return teacher;
}

function assertTeacher(user: { role: number }) {
  if (user.role !== ROLE.TEACHER) throw fieldError('user_id', ASSIGNMENT_MSG.notTeacher);
}

/**
 * Every row must name an existing subject and group, and the subject must belong to the group's semester, except a
 * row the teacher already holds (`kept`), which an edit keeps even when the catalogue has moved since it was assigned.
 */
async function checkRows(
  db: DbOrTrx,
  rows: Row[],
  field: (index: number, name: 'subject_id' | 'group_id') => string,
  kept: ReadonlySet<string> = new Set(),
) {
  const refs = await rowReferences(
    db,
    rows.map((r) => r.subject_id),
    rows.map((r) => r.group_id),
  );
  const errors: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    const group = refs.groups.get(r.group_id);
    if (!refs.subjects.has(r.subject_id)) errors[field(i, 'subject_id')] = [ASSIGNMENT_MSG.subjectMissing];
    if (!group) errors[field(i, 'group_id')] = [ASSIGNMENT_MSG.groupMissing];
    else if (group.semester_id === null) errors[field(i, 'group_id')] = [ASSIGNMENT_MSG.groupWithoutSemester];
    else if (
      refs.subjects.has(r.subject_id) &&
      !kept.has(`${r.subject_id}:${r.group_id}`) &&
      !refs.linked.has(`${r.subject_id}:${group.semester_id}`)
    ) {
      errors[field(i, 'subject_id')] = [ASSIGNMENT_MSG.wrongSemester];
    }
  });
  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0]![0]);
}

async function assertNotHeldByOthers(db: DbOrTrx, teacherId: number, periodId: number | null, rows: Row[]) {
  const [taken] = await heldByOthers(db, teacherId, periodId, rows);
  if (taken)
    throw conflict(
      ASSIGNMENT_MSG.takenByOther(taken.subject.subject_name, taken.group?.group_name ?? '', taken.user.full_name),
    );
}

/** Assignments with activities or a rubric keep their history: deleting any of them is refused, naming them. */
function refuseInUse(db: DbOrTrx, candidates: Assignment[], ids: number[]) {
  return refuseIfAnyInUse(db, ids, ASSIGNMENT_DEPENDENTS, (used) =>
    ASSIGNMENT_MSG.inUse(candidates.filter((a) => used.has(a.id)).map(assignmentLabel)),
  );
}

export interface NewAssignmentInput extends Row {
  user_id: number;
  period_id?: number | null;
  career_id?: number | null;
}

/**
 * The career of an assignment a chief creates: the one named must be theirs (403); a default (the subject's, else the
 * teacher's) outside their careers gives way to the chief's first career.
 */
function careerWithin(scope: CareerScope, named: number | null | undefined, fallback: number | null): number | null {
  if (named) {
    if (!careerInScope(scope, named)) throw forbidden(SCOPE_MSG.career);
    return named;
  }
  if (scope.all || careerInScope(scope, fallback)) return fallback;
  return scope.careers[0] ?? null;
}

/** Creates one assignment after every check; the career defaults to the subject's, else the teacher's. */
export async function createAssignment(
  trx: DbOrTrx,
  actor: { id: number; role: number },
  scope: CareerScope,
  body: NewAssignmentInput,
): Promise<number> {
  const actorId = actor.id;
  const teacher = await teacherOf(trx, body.user_id, 'field');
  assertTeacher(teacher);
  await assertPersonInScope(trx, actor, teacher.id);
  if (body.career_id && !careerInScope(scope, body.career_id)) throw forbidden(SCOPE_MSG.career);
  const row = { subject_id: body.subject_id, group_id: body.group_id };
  await checkRows(trx, [row], (_, name) => name);
  const periodId = await resolvePeriod(trx, body.period_id, true);
  if (body.career_id && !(await rowExists(trx, 'careers', body.career_id)))
    throw fieldError('career_id', ASSIGNMENT_MSG.careerMissing);
  const mine = await listAssignments(trx, { userId: teacher.id, periodId });
  if (mine.some((a) => a.subject_id === row.subject_id && a.group_id === row.group_id))
    throw conflict(ASSIGNMENT_MSG.duplicate);
  await assertNotHeldByOthers(trx, teacher.id, periodId, [row]);
  const careerId = careerWithin(
    scope,
    body.career_id,
    (await defaultCareers(trx, teacher.id, [row.subject_id])).get(row.subject_id) ?? null,
  );
  const [id] = await insertAssignments(
    trx,
    [{ user_id: teacher.id, ...row, period_id: periodId, career_id: careerId }],
    nowIso(),
  );
  await auditRow(trx, actorId, 'assignment.create', 'professor_subjects', id!, {
    user_id: teacher.id,
    ...row,
    period_id: periodId,
  });
  return id!;
}

export async function deleteAssignment(
  trx: DbOrTrx,
  actorId: number,
  scope: CareerScope,
  found: Assignment,
): Promise<void> {
  if (!careerInScope(scope, found.career_id)) throw forbidden(SCOPE_MSG.assignment);
  await refuseInUse(trx, [found], [found.id]);
  await deleteAssignments(trx, [found.id]);
  await auditRow(trx, actorId, 'assignment.delete', 'professor_subjects', found.id);
}

/** New assignments of a teacher need a period that is not closed, and rows no other teacher holds in it. */
async function assertCanCreate(db: DbOrTrx, teacherId: number, periodId: number | null, rows: Row[]) {
  const period = periodId === null ? null : await findPeriod(db, periodId);
  if (period?.status === 'closed') throw fieldError('period_id', ASSIGNMENT_MSG.periodClosed);
  await assertNotHeldByOthers(db, teacherId, periodId, rows);
}

/**
 * Saves a teacher's assignments of a period by comparison: unchanged rows keep their ids (and their activities),
 * removed rows are deleted unless in use, new rows are created; all or nothing.
 */
export async function saveTeacherAssignments(
  trx: DbOrTrx,
  actor: { id: number; role: number },
  scope: CareerScope,
  teacherId: number,
  body: { period_id?: number | null; rows: Row[] },
) {
  const actorId = actor.id;
  const teacher = await teacherOf(trx, teacherId, 'notFound');
  assertTeacher(teacher);
  await assertPersonInScope(trx, actor, teacher.id);
  const periodId = await resolvePeriod(trx, body.period_id, false);
  const current = await listAssignments(trx, { userId: teacher.id, periodId });
  await checkRows(
    trx,
    body.rows,
    (i, name) => `rows.${i}.${name}`,
    new Set(current.map((a) => `${a.subject_id}:${a.group_id ?? 0}`)),
  );
  const diff = diffAssignments(
    current.map((a) => ({ id: a.id, subject_id: a.subject_id, group_id: a.group_id ?? 0 })),
    body.rows,
  );
  // A chief's list holds their careers' assignments only: another career's assignment missing from it stays.
  const outside = new Set(current.filter((a) => !careerInScope(scope, a.career_id)).map((a) => a.id));
  diff.toDelete = diff.toDelete.filter((id) => !outside.has(id));
  await refuseInUse(trx, current, diff.toDelete);
  if (diff.toCreate.length) await assertCanCreate(trx, teacher.id, periodId, diff.toCreate);
  const careers = await defaultCareers(
    trx,
    teacher.id,
    diff.toCreate.map((r) => r.subject_id),
  );
  await deleteAssignments(trx, diff.toDelete);
  const created = await insertAssignments(
    trx,
    diff.toCreate.map((r) => ({
      user_id: teacher.id,
      subject_id: r.subject_id,
      group_id: r.group_id,
      period_id: periodId,
      career_id: careerWithin(scope, null, careers.get(r.subject_id) ?? null),
    })),
    nowIso(),
  );
  await auditRow(trx, actorId, 'assignment.bulk', 'users', teacher.id, {
    period_id: periodId,
    kept: diff.kept,
    created,
    deleted: diff.toDelete,
  });
  return {
    kept: diff.kept,
    created,
    deleted: diff.toDelete,
    assignments: await listAssignments(trx, { userId: teacher.id, periodId, scope }),
  };
}

/** Deletes every assignment of a teacher in a period, unless one of them is in use. Answers how many went. */
export async function deleteTeacherAssignments(
  trx: DbOrTrx,
  actor: { id: number; role: number },
  scope: CareerScope,
  teacherId: number,
  periodId: number | null | undefined,
) {
  const actorId = actor.id;
  const teacher = await teacherOf(trx, teacherId, 'notFound');
  await assertPersonInScope(trx, actor, teacher.id);
  const period = await resolvePeriod(trx, periodId, false);
  // A chief deletes their careers' assignments of the teacher; the others stay.
  const current = await listAssignments(trx, { userId: teacher.id, periodId: period, scope });
  const ids = current.map((a) => a.id);
  await refuseInUse(trx, current, ids);
  await deleteAssignments(trx, ids);
  await auditRow(trx, actorId, 'assignment.delete_all', 'users', teacher.id, { period_id: period, ids });
  return current.length;
}
