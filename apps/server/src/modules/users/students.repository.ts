import { sql } from 'kysely';
import { ROLE, STUDENT_STATUS, type CareerScope } from '@egreso/domain';
import { inChunks } from '../../db/chunks.js';
import { linkedToScope, ownedByScope, peopleInScope } from '../../db/career-scope.js';
import { rowWith } from '../../db/lookups.js';
import { esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { insertGroup } from '../groups/index.js';
import { generationLinks, latestLinkIds } from '../accounts/index.js';

/** The group memberships of one student, or of every student in scope, by student and then group name. */
export function listUserGroupRows(db: DbOrTrx, userId: number | undefined, scope: CareerScope) {
  let q = db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['ug.id', 'ug.user_id', 'ug.group_id', 'g.group_name', 'g.semester_id']);
  if (userId !== undefined) q = q.where('ug.user_id', '=', userId);
  if (!scope.all) q = q.where((eb) => peopleInScope(eb, scope, 'ug.user_id'));
  return q.orderBy('ug.user_id').orderBy(esKey('g.group_name')).execute();
}

export function isInGroup(db: DbOrTrx, userId: number, groupId: number): Promise<boolean> {
  return rowWith(db, 'user_groups', { user_id: userId, group_id: groupId });
}

export async function insertUserGroup(db: DbOrTrx, values: { user_id: number; group_id: number }): Promise<number> {
  return (await db.insertInto('user_groups').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Takes a student out of every group; answers how many memberships went. */
export async function deleteUserGroups(db: DbOrTrx, userId: number): Promise<number> {
  const res = await db.deleteFrom('user_groups').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The generation links of one student, or of every student in scope, by student and then link. */
export function listLinkRows(db: DbOrTrx, userId: number | undefined, scope: CareerScope) {
  let q = generationLinks(db);
  if (userId !== undefined) q = q.where('ug.user_id', '=', userId);
  if (!scope.all) q = q.where((eb) => peopleInScope(eb, scope, 'ug.user_id'));
  return q.orderBy('ug.user_id').orderBy('ug.id').execute();
}

export function findLinkRow(db: DbOrTrx, id: number) {
  return generationLinks(db).where('ug.id', '=', id).executeTakeFirstOrThrow();
}

export function findLinkOwner(db: DbOrTrx, id: number) {
  return db.selectFrom('user_generations').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** The id of the student's latest generation link (the one that holds their status), if any. */
export async function latestLinkId(db: DbOrTrx, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_generations')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export async function insertLink(
  db: DbOrTrx,
  values: { user_id: number; generation_id: number; current_semester_id: number; active: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('user_generations')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLink(
  db: DbOrTrx,
  id: number,
  values: { generation_id: number; active: number; current_semester_id?: number | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('user_generations')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Sets the status of many links, a slice of ids per statement. */
export async function setLinksStatus(db: DbOrTrx, ids: readonly number[], active: number, now: string): Promise<void> {
  await inChunks(ids, async (slice) => {
    await db.updateTable('user_generations').set({ active, updated_at: now }).where('id', 'in', slice).execute();
    return [];
  });
}

/** Moves many links one semester forward, a slice of ids per statement. */
export async function advanceLinks(db: DbOrTrx, ids: readonly number[], now: string): Promise<void> {
  await inChunks(ids, async (slice) => {
    await db
      .updateTable('user_generations')
      .set((eb) => ({ current_semester_id: eb('current_semester_id', '+', 1), updated_at: now }))
      .where('id', 'in', slice)
      .execute();
    return [];
  });
}

/** Finds a group by name (ignoring case) or creates it in the given semester; the id either way. */
export async function findOrCreateGroup(db: DbOrTrx, name: string, semesterId: number, now: string): Promise<number> {
  const found = await db
    .selectFrom('groups')
    .select('id')
    .where(sql<string>`lower(group_name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  return found ? found.id : insertGroup(db, { group_name: name.trim(), semester_id: semesterId }, now);
}

/**
 * The students a semester advance considers, by id, with their latest link: the active ones and those without any
 * link, optionally of one group; a chief's only when linked to one of their careers. `shared`: the student is also
 * linked to a career outside a chief's (never for an administrator).
 */
export function advanceCandidates(db: DbOrTrx, groupId: number | undefined, scope: CareerScope) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('user_generations as ug', (j) => j.onRef('ug.user_id', '=', 'u.id').on('ug.id', 'in', latestLinkIds(db)))
    .select(['u.id as user_id', 'ug.id as link_id', 'ug.current_semester_id', 'ug.active'])
    .select((eb) =>
      (scope.all
        ? eb.lit(false)
        : eb.exists(
            eb
              .selectFrom('user_careers as other')
              .select('other.id')
              .whereRef('other.user_id', '=', 'u.id')
              // 0 is no career's id: it keeps the list valid for a chief without careers (who advances nobody).
              .where('other.career_id', 'not in', [...scope.careers, 0]),
          )
      ).as('shared'),
    )
    .where('u.role', '=', ROLE.STUDENT)
    .where((eb) => eb.or([eb('ug.active', '=', STUDENT_STATUS.ACTIVO), eb('ug.id', 'is', null)]));
  if (groupId !== undefined)
    q = q.where('u.id', 'in', db.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId));
  if (!scope.all) q = q.where((eb) => linkedToScope(eb, scope, 'u.id'));
  return q.orderBy('u.id').execute();
}

/** The group memberships of many students, with the group's name. */
export function membershipsOf(db: DbOrTrx, userIds: readonly number[]) {
  return inChunks(userIds, (slice) =>
    db
      .selectFrom('user_groups as ug')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .select(['ug.user_id', 'ug.group_id', 'g.group_name'])
      .where('ug.user_id', 'in', slice)
      .execute(),
  );
}

/** Moves students from one group to another; one already in the target only leaves the old one. */
export async function moveMembers(db: DbOrTrx, from: number, to: number, userIds: readonly number[]): Promise<void> {
  await inChunks(userIds, async (slice) => {
    // The unique (user, group) pair stays intact.
    await db
      .deleteFrom('user_groups')
      .where('group_id', '=', from)
      .where('user_id', 'in', slice)
      .where('user_id', 'in', db.selectFrom('user_groups').select('user_id').where('group_id', '=', to))
      .execute();
    await db
      .updateTable('user_groups')
      .set({ group_id: to })
      .where('group_id', '=', from)
      .where('user_id', 'in', slice)
      .execute();
    return [];
  });
}

/** Every group's name and semester (the import matches names ignoring case). */
export function listGroupRefs(db: DbOrTrx) {
  return db.selectFrom('groups').select(['id', 'group_name', 'semester_id']).execute();
}

/** Per generation, its active students' semesters, the most common first (ties: the lower semester). */
export function activeSemestersByGeneration(db: DbOrTrx) {
  return db
    .selectFrom('user_generations')
    .select(['generation_id', 'current_semester_id', (eb) => eb.fn.countAll<number>().as('students')])
    .where('active', '=', STUDENT_STATUS.ACTIVO)
    .where('current_semester_id', 'is not', null)
    .groupBy(['generation_id', 'current_semester_id'])
    .orderBy('generation_id')
    .orderBy('students', 'desc')
    .orderBy('current_semester_id')
    .$narrowType<{ current_semester_id: number }>()
    .execute();
}

/** The students of a group by name, each with whether the actor's scope owns them (`owned` 1) or not (0). */
export function groupStudents(db: DbOrTrx, scope: CareerScope, groupId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
    .select(['users.id', 'users.full_name', 'users.email'])
    .select((eb) =>
      eb
        .case()
        .when(ownedByScope(eb, scope, 'users.id'))
        .then(1)
        .else(0)
        .end()
        .as('owned'),
    )
    .where('user_groups.group_id', '=', groupId)
    .where('users.role', '=', ROLE.STUDENT)
    .orderBy('users.full_name')
    .orderBy('users.id')
    .execute();
}
