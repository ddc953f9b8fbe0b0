import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  PEOPLE_MSG,
  ROLE,
  SEMESTERS,
  STUDENT_STATUS,
  canManageCatalogues,
  nextGroupName,
  semesterFromGroupName,
  type Actor,
  type AdvanceSemesterResult,
  type NamingScheme,
  type UserGeneration,
  type UserGroup,
  type userGenerationCreateBody,
  type userGenerationUpdateBody,
} from '@egreso/domain';
import { inChunks } from '../../db/chunks.js';
import { assertPersonInScope, careerScope, linkedToScope, peopleInScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import { esKey } from '../../db/spanish.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { readGroupPolicy } from '../group-policy/group-policy.repository.js';
import { findUserById, latestLinkIds } from './users.repository.js';

type Q = DbOrTrx;
type LinkCreate = z.output<typeof userGenerationCreateBody>;
type LinkUpdate = z.output<typeof userGenerationUpdateBody>;

/** Reading a student's groups or generations: managers those of their careers, a student only their own. */
export async function assertCanReadStudent(db: Q, actor: Actor, userId: number | undefined): Promise<void> {
  if (canManageCatalogues(actor)) {
    if (userId !== undefined && userId !== actor.id) await assertPersonInScope(db, actor, userId);
    return;
  }
  if (userId === undefined || userId !== actor.id) throw forbidden();
}

/** The student a change is about: 404 when missing, 422 when not a student, 403 outside the actor's careers. */
async function findStudent(db: Q, actor: Actor, id: number) {
  const user = await findUserById(db, id);
  if (!user) throw notFound(PEOPLE_MSG.userNotFound);
  if (user.role !== ROLE.STUDENT) throw fieldError('user_id', PEOPLE_MSG.notStudent);
  await assertPersonInScope(db, actor, id);
  return user;
}

// ---------- user groups ----------

/** The groups of one student, or of every student the actor may see (DESIGN §5: a chief's careers). */
export async function listUserGroups(db: Q, actor: Actor, userId: number | undefined): Promise<UserGroup[]> {
  const scope = await careerScope(db, actor);
  let q = db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['ug.id', 'ug.user_id', 'ug.group_id', 'g.group_name', 'g.semester_id']);
  if (userId !== undefined) q = q.where('ug.user_id', '=', userId);
  if (!scope.all) q = q.where((eb) => peopleInScope(eb, scope, 'ug.user_id'));
  const rows = await q.orderBy('ug.user_id').orderBy(esKey('g.group_name')).execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    group_id: r.group_id,
    group_name: r.group_name,
    semester_id: r.semester_id,
    group: { id: r.group_id, group_name: r.group_name, semester_id: r.semester_id },
  }));
}

export async function addUserGroup(
  trx: DbOrTrx,
  actor: Actor,
  body: { user_id: number; group_id: number },
): Promise<UserGroup> {
  await findStudent(trx, actor, body.user_id);
  const group = await trx
    .selectFrom('groups')
    .select(['id', 'group_name', 'semester_id'])
    .where('id', '=', body.group_id)
    .executeTakeFirst();
  if (!group) throw fieldError('group_id', PEOPLE_MSG.groupNotFound);
  const existing = await trx
    .selectFrom('user_groups')
    .select('id')
    .where('user_id', '=', body.user_id)
    .where('group_id', '=', body.group_id)
    .executeTakeFirst();
  if (existing) throw fieldError('group_id', PEOPLE_MSG.alreadyInGroup);
  const row = await trx.insertInto('user_groups').values(body).returning('id').executeTakeFirstOrThrow();
  await audit(trx, {
    userId: actor.id,
    action: 'usergroup.create',
    entity: 'users',
    entityId: body.user_id,
    details: { group_id: body.group_id },
  });
  return {
    id: row.id,
    user_id: body.user_id,
    group_id: group.id,
    group_name: group.group_name,
    semester_id: group.semester_id,
    group,
  };
}

export async function clearUserGroups(trx: DbOrTrx, actor: Actor, userId: number): Promise<number> {
  await findStudent(trx, actor, userId);
  const res = await trx.deleteFrom('user_groups').where('user_id', '=', userId).executeTakeFirst();
  await audit(trx, { userId: actor.id, action: 'usergroup.clear', entity: 'users', entityId: userId });
  return Number(res.numDeletedRows);
}

// ---------- generation links ----------

function linksQuery(db: Q) {
  return db
    .selectFrom('user_generations as ug')
    .innerJoin('generations as g', 'g.id', 'ug.generation_id')
    .select([
      'ug.id',
      'ug.user_id',
      'ug.generation_id',
      'ug.current_semester_id',
      'ug.active',
      'ug.created_at',
      'ug.updated_at',
      'g.start_date',
      'g.end_date',
    ]);
}
type LinkRow = Awaited<ReturnType<ReturnType<typeof linksQuery>['execute']>>[number];
const presentLink = ({ start_date, end_date, ...r }: LinkRow): UserGeneration => ({
  ...r,
  generation_name: `${start_date.slice(0, 4)}-${end_date.slice(0, 4)}`,
});

/** The generation links of one student, or of every student the actor may see. */
export async function listUserGenerations(db: Q, actor: Actor, userId: number | undefined): Promise<UserGeneration[]> {
  const scope = await careerScope(db, actor);
  let q = linksQuery(db);
  if (userId !== undefined) q = q.where('ug.user_id', '=', userId);
  if (!scope.all) q = q.where((eb) => peopleInScope(eb, scope, 'ug.user_id'));
  return (await q.orderBy('ug.user_id').orderBy('ug.id').execute()).map(presentLink);
}

async function assertGeneration(db: Q, id: number) {
  const found = await db.selectFrom('generations').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw fieldError('generation_id', PEOPLE_MSG.generationNotFound);
}

export async function createUserGeneration(trx: DbOrTrx, actor: Actor, body: LinkCreate): Promise<UserGeneration> {
  await findStudent(trx, actor, body.user_id);
  await assertGeneration(trx, body.generation_id);
  const now = nowIso();
  const row = await trx
    .insertInto('user_generations')
    .values({
      user_id: body.user_id,
      generation_id: body.generation_id,
      current_semester_id: body.current_semester_id,
      active: body.active,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    userId: actor.id,
    action: 'usergeneration.create',
    entity: 'users',
    entityId: body.user_id,
    details: body,
  });
  return presentLink(await linksQuery(trx).where('ug.id', '=', row.id).executeTakeFirstOrThrow());
}

export async function updateUserGeneration(
  trx: DbOrTrx,
  actor: Actor,
  id: number,
  body: LinkUpdate,
): Promise<UserGeneration> {
  const link = await trx
    .selectFrom('user_generations')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!link) throw notFound(PEOPLE_MSG.linkNotFound);
  await assertPersonInScope(trx, actor, link.user_id);
  await assertGeneration(trx, body.generation_id);
  await trx
    .updateTable('user_generations')
    .set({
      generation_id: body.generation_id,
      active: body.active,
      updated_at: nowIso(),
      ...(body.current_semester_id !== undefined ? { current_semester_id: body.current_semester_id } : {}),
    })
    .where('id', '=', id)
    .execute();
  await audit(trx, {
    userId: actor.id,
    action: 'usergeneration.update',
    entity: 'users',
    entityId: link.user_id,
    details: body,
  });
  return presentLink(await linksQuery(trx).where('ug.id', '=', id).executeTakeFirstOrThrow());
}

/** A student's status lives on their latest generation link; without one it cannot change. */
export async function setStudentStatus(
  trx: DbOrTrx,
  actor: Actor,
  userId: number,
  active: number,
): Promise<UserGeneration> {
  await findStudent(trx, actor, userId);
  const latest = await trx
    .selectFrom('user_generations')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) throw conflict(PEOPLE_MSG.noGenerationLink);
  await trx.updateTable('user_generations').set({ active, updated_at: nowIso() }).where('id', '=', latest.id).execute();
  await audit(trx, {
    userId: actor.id,
    action: 'student.status',
    entity: 'users',
    entityId: userId,
    details: { active },
  });
  return presentLink(await linksQuery(trx).where('ug.id', '=', latest.id).executeTakeFirstOrThrow());
}

// ---------- semester advance ----------

/** Finds a group by name (ignoring case) or creates it in the given semester; the id either way. */
export async function findOrCreateGroup(trx: Q, name: string, semesterId: number, now: string): Promise<number> {
  const found = await trx
    .selectFrom('groups')
    .select('id')
    .where(sql<string>`lower(group_name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  if (found) return found.id;
  const row = await trx
    .insertInto('groups')
    .values({ group_name: name.trim(), semester_id: semesterId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * DESIGN §3: every ACTIVE student (optionally of one group) moves one semester forward in one transaction; the
 * 9th becomes Graduado. A student's group of the semester they leave is replaced by the same-named group of the
 * next semester under the policy's naming scheme, created when missing. Writes are batched, never one per student.
 */
export async function advanceSemester(
  trx: Transaction<Database>,
  actor: Actor,
  groupId: number | undefined,
): Promise<AdvanceSemesterResult> {
  if (groupId !== undefined && !(await rowExists(trx, 'groups', groupId)))
    throw fieldError('group_id', PEOPLE_MSG.groupNotFound);
  const scheme = (await readGroupPolicy(trx)).naming_scheme as NamingScheme;
  let q = trx
    .selectFrom('users as u')
    .leftJoin('user_generations as ug', (j) => j.onRef('ug.user_id', '=', 'u.id').on('ug.id', 'in', latestLinkIds(trx)))
    .select(['u.id as user_id', 'ug.id as link_id', 'ug.current_semester_id', 'ug.active'])
    .where('u.role', '=', ROLE.STUDENT)
    // Active students, and those without any link (reported as skipped so the chief can fix them).
    .where((eb) => eb.or([eb('ug.active', '=', STUDENT_STATUS.ACTIVO), eb('ug.id', 'is', null)]));
  if (groupId !== undefined)
    q = q.where('u.id', 'in', trx.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId));
  // A chief advances the students of their careers only: a student without a career is left to the administrator
  // (two chiefs advancing the same unlinked student would move them twice).
  const scope = await careerScope(trx, actor);
  if (!scope.all) q = q.where((eb) => linkedToScope(eb, scope, 'u.id'));
  const candidates = await q.orderBy('u.id').execute();

  const result: AdvanceSemesterResult = { advanced: 0, graduated: 0, skipped: 0, errors: [] };
  const graduate: number[] = [];
  const advance: Array<{ userId: number; linkId: number; from: number }> = [];
  for (const c of candidates) {
    if (c.link_id === null) {
      result.skipped++;
      result.errors.push({ user_id: c.user_id, reason: 'El alumno no tiene generación asignada.' });
    } else if (c.current_semester_id === null) {
      result.skipped++;
      result.errors.push({ user_id: c.user_id, reason: 'El alumno no tiene semestre actual.' });
    } else if (c.current_semester_id >= SEMESTERS) {
      graduate.push(c.link_id);
    } else {
      advance.push({ userId: c.user_id, linkId: c.link_id, from: c.current_semester_id });
    }
  }
  const now = nowIso();
  await inChunks(graduate, async (ids) => {
    await trx
      .updateTable('user_generations')
      .set({ active: STUDENT_STATUS.GRADUADO, updated_at: now })
      .where('id', 'in', ids)
      .execute();
    return [];
  });
  await inChunks(
    advance.map((a) => a.linkId),
    async (ids) => {
      await trx
        .updateTable('user_generations')
        .set((eb) => ({ current_semester_id: eb('current_semester_id', '+', 1), updated_at: now }))
        .where('id', 'in', ids)
        .execute();
      return [];
    },
  );
  result.graduated = graduate.length;
  result.advanced = advance.length;
  await moveGroups(trx, advance, scheme, now);
  await audit(trx, {
    userId: actor.id,
    action: 'students.advance',
    details: {
      group_id: groupId ?? null,
      advanced: result.advanced,
      graduated: result.graduated,
      skipped: result.skipped,
    },
  });
  return result;
}

/** Replaces each advanced student's group of the semester left by the next one's, one statement per group pair. */
async function moveGroups(trx: Q, advance: Array<{ userId: number; from: number }>, scheme: NamingScheme, now: string) {
  if (advance.length === 0) return;
  const fromOf = new Map(advance.map((a) => [a.userId, a.from]));
  const memberships = await inChunks(
    advance.map((a) => a.userId),
    (ids) =>
      trx
        .selectFrom('user_groups as ug')
        .innerJoin('groups as g', 'g.id', 'ug.group_id')
        .select(['ug.user_id', 'ug.group_id', 'g.group_name'])
        .where('ug.user_id', 'in', ids)
        .execute(),
  );
  const moves = new Map<number, { to: string; semester: number; users: number[] }>();
  for (const m of memberships) {
    const semester = semesterFromGroupName(m.group_name, scheme);
    // Only the group of the semester the student leaves moves; other groups stay as they are.
    if (semester === null || semester !== fromOf.get(m.user_id)) continue;
    const to = nextGroupName(m.group_name, scheme);
    if (to === null) continue;
    const move = moves.get(m.group_id) ?? { to, semester: semester + 1, users: [] };
    move.users.push(m.user_id);
    moves.set(m.group_id, move);
  }
  for (const [from, move] of moves) {
    const target = await findOrCreateGroup(trx, move.to, move.semester, now);
    await inChunks(move.users, async (ids) => {
      // A student already in the target group only leaves the old one; the unique pair stays intact.
      await trx
        .deleteFrom('user_groups')
        .where('group_id', '=', from)
        .where('user_id', 'in', ids)
        .where('user_id', 'in', trx.selectFrom('user_groups').select('user_id').where('group_id', '=', target))
        .execute();
      await trx
        .updateTable('user_groups')
        .set({ group_id: target })
        .where('group_id', '=', from)
        .where('user_id', 'in', ids)
        .execute();
      return [];
    });
  }
}
