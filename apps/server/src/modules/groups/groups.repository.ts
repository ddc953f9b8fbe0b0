import { ROLE, type CareerScope, type Group, type GroupListItem, type GroupStudent } from '@egreso/domain';
import { groupHeldInScope, peopleInScope } from '../../db/career-scope.js';
import { rowWith } from '../../db/lookups.js';
import { esKey } from '../../db/spanish.js';
import { sql } from 'kysely';
import type { DbOrTrx, RowOf } from '../../db/types.js';
import type { Dependent } from '../../db/usage.js';

function groupsQuery(db: DbOrTrx) {
  return db
    .selectFrom('groups as g')
    .leftJoin('semesters as s', 's.id', 'g.semester_id')
    .select(['g.id', 'g.group_name', 'g.semester_id', 'g.created_at', 'g.updated_at', 's.semester_name']);
}

type GroupRow = RowOf<typeof groupsQuery>;

const byName = (q: ReturnType<typeof groupsQuery>) => q.orderBy(esKey('g.group_name')).orderBy('g.id');

function present(r: GroupRow): Group {
  return {
    id: r.id,
    group_name: r.group_name,
    semester_id: r.semester_id,
    semester: r.semester_id === null ? null : { id: r.semester_id, semester_name: r.semester_name ?? '' },
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/**
 * Every group, with whether the viewer may edit and delete it (`can_edit`, the rule of `assertGroupHeld` in the same
 * query). `scope` null: the viewer manages no catalogue (a teacher, a student), so no row is theirs to change.
 */
export async function listGroups(db: DbOrTrx, scope: CareerScope | null): Promise<GroupListItem[]> {
  const rows = await byName(groupsQuery(db))
    .select((eb) =>
      sql<boolean | number>`${scope ? groupHeldInScope(eb, scope, 'g.id') : eb.lit(false)}`.as('can_edit'),
    )
    .execute();
  return rows.map((r) => ({ ...present(r), can_edit: Boolean(r.can_edit) }));
}

export async function findGroup(db: DbOrTrx, id: number): Promise<Group | undefined> {
  const row = await groupsQuery(db).where('g.id', '=', id).executeTakeFirst();
  return row ? present(row) : undefined;
}

/** Groups whose semester is one of the subject's semesters. */
export async function groupsForSubject(db: DbOrTrx, subjectId: number): Promise<Group[]> {
  const rows = await byName(
    groupsQuery(db).where(
      'g.semester_id',
      'in',
      db.selectFrom('subject_semesters').select('semester_id').where('subject_id', '=', subjectId),
    ),
  ).execute();
  return rows.map(present);
}

/** The groups of a teacher's own assignments of a subject (any period). */
export async function teacherGroupsForSubject(db: DbOrTrx, subjectId: number, teacherId: number): Promise<Group[]> {
  const rows = await byName(
    groupsQuery(db).where(
      'g.id',
      'in',
      db
        .selectFrom('professor_subjects')
        .select('group_id')
        .where('subject_id', '=', subjectId)
        .where('user_id', '=', teacherId)
        .where('group_id', 'is not', null),
    ),
  ).execute();
  return rows.map(present);
}

export async function insertGroup(
  db: DbOrTrx,
  values: { group_name: string; semester_id: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: DbOrTrx,
  id: number,
  values: { group_name: string; semester_id: number },
  now: string,
): Promise<void> {
  await db
    .updateTable('groups')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** What keeps a group from being deleted: its students and the assignments (with their activities and grades). */
export const GROUP_DEPENDENTS: Dependent[] = [
  { table: 'user_groups', column: 'group_id', noun: ['alumno inscrito', 'alumnos inscritos'] },
  { table: 'professor_subjects', column: 'group_id', noun: ['asignación de profesor', 'asignaciones de profesores'] },
];

export async function studentsOfGroup(db: DbOrTrx, groupId: number, scope: CareerScope): Promise<GroupStudent[]> {
  return (
    db
      .selectFrom('user_groups as ug')
      .innerJoin('users as u', 'u.id', 'ug.user_id')
      .select(['u.id', 'u.full_name', 'u.controlnumber', 'u.email', 'u.gender'])
      .where('ug.group_id', '=', groupId)
      .where('u.role', '=', ROLE.STUDENT)
      // Groups are shared by every career: a chief lists the group's students of their careers.
      .where((eb) => peopleInScope(eb, scope, 'u.id'))
      .orderBy(esKey('u.full_name'))
      .orderBy('u.id')
      .execute()
  );
}

export function teacherHasGroup(db: DbOrTrx, teacherId: number, groupId: number): Promise<boolean> {
  return rowWith(db, 'professor_subjects', { user_id: teacherId, group_id: groupId });
}
