import { sql } from 'kysely';
import type { Assignment, CareerScope, TeacherAssignment } from '@egreso/domain';
import { careerColumnInScope } from '../../db/career-scope.js';
import {
  joinAssignmentGroup,
  joinAssignmentPeriod,
  joinAssignmentSubject,
  joinAssignmentTeacher,
} from '../../db/joins.js';
import { esKey } from '../../db/spanish.js';
import type { DbOrTrx, RowOf } from '../../db/types.js';
import type { Dependent } from '../../db/usage.js';

/** Assignments with their teacher, subject, group (and its semester), period and career. */
export function assignmentsQuery(db: DbOrTrx) {
  return db
    .selectFrom('professor_subjects as ps')
    .$call(joinAssignmentTeacher)
    .$call(joinAssignmentSubject)
    .$call(joinAssignmentGroup)
    .leftJoin('semesters as sem', 'sem.id', 'g.semester_id')
    .$call(joinAssignmentPeriod)
    .leftJoin('careers as c', 'c.id', 'ps.career_id')
    .select([
      'ps.id',
      'ps.user_id',
      'ps.subject_id',
      'ps.group_id',
      'ps.period_id',
      'ps.career_id',
      'ps.created_at',
      't.full_name',
      's.subject_name',
      's.subject_key',
      'g.group_name',
      'g.semester_id',
      'sem.semester_name',
      'p.period_name',
      'p.is_active',
      'c.career_key',
      'c.name as career_name',
    ]);
}

type AssignmentRow = RowOf<typeof assignmentsQuery>;

function present(r: AssignmentRow): Assignment {
  return {
    id: r.id,
    user_id: r.user_id,
    subject_id: r.subject_id,
    group_id: r.group_id,
    period_id: r.period_id,
    career_id: r.career_id,
    created_at: r.created_at,
    user: { id: r.user_id, full_name: r.full_name },
    subject: { id: r.subject_id, subject_name: r.subject_name, subject_key: r.subject_key },
    group: r.group_id === null ? null : { id: r.group_id, group_name: r.group_name ?? '', semester_id: r.semester_id },
    semester: r.semester_id === null ? null : { id: r.semester_id, semester_name: r.semester_name ?? '' },
    period:
      r.period_id === null
        ? null
        : { id: r.period_id, period_name: r.period_name ?? '', is_active: Number(r.is_active) === 1 },
    career:
      r.career_id === null ? null : { id: r.career_id, career_key: r.career_key ?? '', name: r.career_name ?? '' },
  };
}

export const assignmentLabel = (a: Assignment) => `${a.subject.subject_name} - ${a.group?.group_name ?? 'Sin grupo'}`;

/** Teacher, subject and group in Spanish order; an assignment without group sorts as an empty name. */
const byTeacherSubjectGroup = (q: ReturnType<typeof assignmentsQuery>) =>
  q
    .orderBy(esKey('t.full_name'))
    .orderBy(esKey('s.subject_name'))
    .orderBy(esKey(sql<string>`coalesce(${sql.ref('g.group_name')}, '')`))
    .orderBy('ps.id');

export interface AssignmentFilter {
  userId?: number;
  /** A period id, or null for the assignments without a period; undefined for every period. */
  periodId?: number | null;
  ids?: number[];
  /** The assignment's own career decides; without one, the subject's careers do. */
  careerId?: number;
  /** The careers the reader acts on (DESIGN §5): a chief lists their careers' assignments only. */
  scope?: CareerScope;
}

export async function listAssignments(db: DbOrTrx, filter: AssignmentFilter = {}): Promise<Assignment[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  let q = assignmentsQuery(db);
  if (filter.userId !== undefined) q = q.where('ps.user_id', '=', filter.userId);
  if (filter.periodId === null) q = q.where('ps.period_id', 'is', null);
  else if (filter.periodId !== undefined) q = q.where('ps.period_id', '=', filter.periodId);
  if (filter.ids) q = q.where('ps.id', 'in', filter.ids);
  const { careerId } = filter;
  if (careerId !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb('ps.career_id', '=', careerId),
        eb.and([
          eb('ps.career_id', 'is', null),
          eb(
            'ps.subject_id',
            'in',
            eb.selectFrom('subject_careers').select('subject_id').where('career_id', '=', careerId),
          ),
        ]),
      ]),
    );
  }
  if (filter.scope) {
    const scope = filter.scope;
    q = q.where((eb) => careerColumnInScope(eb, scope, 'ps.career_id'));
  }
  return (await byTeacherSubjectGroup(q).execute()).map(present);
}

export async function findAssignment(db: DbOrTrx, id: number): Promise<Assignment | undefined> {
  const [found] = await listAssignments(db, { ids: [id] });
  return found;
}

/** A teacher's own assignments with each subject's careers (one more query for the whole list). */
export async function teacherAssignments(
  db: DbOrTrx,
  userId: number,
  filter: { careerId?: number; periodId?: number | null },
): Promise<TeacherAssignment[]> {
  const list = await listAssignments(db, { userId, ...filter });
  const subjectIds = [...new Set(list.map((a) => a.subject_id))];
  const careers = subjectIds.length
    ? await db
        .selectFrom('subject_careers as sc')
        .innerJoin('careers as c', 'c.id', 'sc.career_id')
        .select(['sc.subject_id', 'c.id', 'c.career_key', 'c.name'])
        .where('sc.subject_id', 'in', subjectIds)
        .orderBy(esKey('c.name'))
        .orderBy('c.id')
        .execute()
    : [];
  const bySubject = new Map<number, Array<{ id: number; career_key: string; name: string }>>();
  for (const c of careers)
    bySubject.set(c.subject_id, [
      ...(bySubject.get(c.subject_id) ?? []),
      { id: c.id, career_key: c.career_key, name: c.name },
    ]);
  return list.map((a) => ({ ...a, careers: bySubject.get(a.subject_id) ?? [] }));
}

/** The signed-in user's careers: their own plus those of their assignments, distinct, sorted by name. */
export function careersOfUser(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('careers as c')
    .select(['c.id', 'c.career_key', 'c.name'])
    .where((eb) =>
      eb.or([
        eb('c.id', 'in', eb.selectFrom('user_careers').select('career_id').where('user_id', '=', userId)),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('professor_subjects')
            .select('career_id')
            .where('user_id', '=', userId)
            .where('career_id', 'is not', null),
        ),
      ]),
    )
    .orderBy(esKey('c.name'))
    .orderBy('c.id')
    .execute();
}

export function findUserRole(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(['id', 'role', 'full_name']).where('id', '=', userId).executeTakeFirst();
}

export function findPeriod(db: DbOrTrx, id: number) {
  return db.selectFrom('periods').select(['id', 'period_name', 'status']).where('id', '=', id).executeTakeFirst();
}

/** The subjects, groups and subject-semester links a set of rows refers to, in three queries. */
export async function rowReferences(db: DbOrTrx, subjectIds: number[], groupIds: number[]) {
  const subjects = subjectIds.length
    ? await db.selectFrom('subjects').select(['id', 'subject_name']).where('id', 'in', subjectIds).execute()
    : [];
  const groups = groupIds.length
    ? await db.selectFrom('groups').select(['id', 'group_name', 'semester_id']).where('id', 'in', groupIds).execute()
    : [];
  const links = subjectIds.length
    ? await db
        .selectFrom('subject_semesters')
        .select(['subject_id', 'semester_id'])
        .where('subject_id', 'in', subjectIds)
        .execute()
    : [];
  return {
    subjects: new Map(subjects.map((s) => [s.id, s])),
    groups: new Map(groups.map((g) => [g.id, g])),
    linked: new Set(links.map((l) => `${l.subject_id}:${l.semester_id}`)),
  };
}

/** The default career of a new assignment: the subject's first career, else the teacher's first career. */
export async function defaultCareers(
  db: DbOrTrx,
  teacherId: number,
  subjectIds: number[],
): Promise<Map<number, number | null>> {
  const subjectCareers = subjectIds.length
    ? await db
        .selectFrom('subject_careers')
        .select(['subject_id', 'career_id'])
        .where('subject_id', 'in', subjectIds)
        .orderBy('career_id')
        .execute()
    : [];
  const teacherCareer = await db
    .selectFrom('user_careers')
    .select('career_id')
    .where('user_id', '=', teacherId)
    .orderBy('career_id')
    .executeTakeFirst();
  const map = new Map<number, number | null>();
  for (const id of subjectIds)
    map.set(id, subjectCareers.find((c) => c.subject_id === id)?.career_id ?? teacherCareer?.career_id ?? null);
  return map;
}

/** Assignments of the same subject and group in the period held by other teachers. */
export async function heldByOthers(
  db: DbOrTrx,
  teacherId: number,
  periodId: number | null,
  pairs: Array<{ subject_id: number; group_id: number }>,
) {
  if (pairs.length === 0) return [];
  let q = assignmentsQuery(db)
    .where('ps.user_id', '<>', teacherId)
    .where('ps.subject_id', 'in', [...new Set(pairs.map((p) => p.subject_id))])
    .where('ps.group_id', 'in', [...new Set(pairs.map((p) => p.group_id))]);
  q = periodId === null ? q.where('ps.period_id', 'is', null) : q.where('ps.period_id', '=', periodId);
  const wanted = new Set(pairs.map((p) => `${p.subject_id}:${p.group_id}`));
  return (await byTeacherSubjectGroup(q).execute())
    .map(present)
    .filter((a) => wanted.has(`${a.subject_id}:${a.group_id}`));
}

/** Which of these assignments have activities or a rubric, and so cannot be deleted. */
/** What keeps an assignment from being deleted: its activities (with their grades) and its rubric. */
export const ASSIGNMENT_DEPENDENTS: readonly Dependent[] = [
  { table: 'activities', column: 'professor_subject_id', noun: ['actividad', 'actividades'] },
  { table: 'rubrics', column: 'professor_subject_id', noun: ['rúbrica', 'rúbricas'] },
];

export interface NewAssignment {
  user_id: number;
  subject_id: number;
  group_id: number;
  period_id: number | null;
  career_id: number | null;
}

export async function insertAssignments(db: DbOrTrx, rows: NewAssignment[], now: string): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('professor_subjects')
    .values(rows.map((r) => ({ ...r, created_at: now })))
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

export async function deleteAssignments(db: DbOrTrx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('professor_subjects').where('id', 'in', ids).execute();
}
