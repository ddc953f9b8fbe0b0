import type { Transaction } from 'kysely';
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
import { assertPersonInScope, assertPersonOwned, careerScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { findGroup } from '../groups/index.js';
import { readGroupPolicy } from '../group-policy/index.js';
import {
  advanceCandidates,
  advanceLinks,
  deleteUserGroups,
  findLinkOwner,
  findLinkRow,
  findOrCreateGroup,
  insertLink,
  insertUserGroup,
  isInGroup,
  latestLinkId,
  listLinkRows,
  listUserGroupRows,
  membershipsOf,
  moveMembers,
  setLinksStatus,
  updateLink,
} from './students.repository.js';
import { presentLink, findUserById } from '../accounts/index.js';
import { auditPerson } from './users.service.js';

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

/**
 * The student a change is about: 404 when missing, 422 when not a student, 403 unless the actor may change them (a
 * chief: a student linked only to their careers; DESIGN §5, as for edits, resets and deletions).
 */
async function findStudent(db: Q, actor: Actor, id: number) {
  const user = await findUserById(db, id);
  if (!user) throw notFound(PEOPLE_MSG.userNotFound);
  if (user.role !== ROLE.STUDENT) throw fieldError('user_id', PEOPLE_MSG.notStudent);
  await assertPersonOwned(db, actor, id);
  return user;
}

// ---------- user groups ----------

/** The groups of one student, or of every student the actor may see (DESIGN §5: a chief's careers). */
export async function listUserGroups(db: Q, actor: Actor, userId: number | undefined): Promise<UserGroup[]> {
  const rows = await listUserGroupRows(db, userId, await careerScope(db, actor));
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
  const found = await findGroup(trx, body.group_id);
  if (!found) throw fieldError('group_id', PEOPLE_MSG.groupNotFound);
  if (await isInGroup(trx, body.user_id, body.group_id)) throw fieldError('group_id', PEOPLE_MSG.alreadyInGroup);
  const id = await insertUserGroup(trx, body);
  await auditPerson(trx, actor, 'usergroup.create', body.user_id, { group_id: body.group_id });
  const group = { id: found.id, group_name: found.group_name, semester_id: found.semester_id };
  return {
    id,
    user_id: body.user_id,
    group_id: group.id,
    group_name: group.group_name,
    semester_id: group.semester_id,
    group,
  };
}

export async function clearUserGroups(trx: DbOrTrx, actor: Actor, userId: number): Promise<number> {
  await findStudent(trx, actor, userId);
  const deleted = await deleteUserGroups(trx, userId);
  await auditPerson(trx, actor, 'usergroup.clear', userId);
  return deleted;
}

// ---------- generation links ----------

/** The generation links of one student, or of every student the actor may see. */
export async function listUserGenerations(db: Q, actor: Actor, userId: number | undefined): Promise<UserGeneration[]> {
  return (await listLinkRows(db, userId, await careerScope(db, actor))).map(presentLink);
}

/**
 * A generation link written by `write` (which answers its id) once its generation is known to exist; audited against
 * the student and answered as stored.
 */
async function writeLink(
  trx: DbOrTrx,
  actor: Actor,
  action: string,
  userId: number,
  body: LinkCreate | LinkUpdate,
  write: () => Promise<number>,
): Promise<UserGeneration> {
  if (!(await rowExists(trx, 'generations', body.generation_id)))
    throw fieldError('generation_id', PEOPLE_MSG.generationNotFound);
  const id = await write();
  await auditPerson(trx, actor, action, userId, body);
  return presentLink(await findLinkRow(trx, id));
}

export async function createUserGeneration(trx: DbOrTrx, actor: Actor, body: LinkCreate): Promise<UserGeneration> {
  await findStudent(trx, actor, body.user_id);
  const { user_id, generation_id, current_semester_id, active } = body;
  return writeLink(trx, actor, 'usergeneration.create', user_id, body, () =>
    insertLink(trx, { user_id, generation_id, current_semester_id, active }, nowIso()),
  );
}

export async function updateUserGeneration(
  trx: DbOrTrx,
  actor: Actor,
  id: number,
  body: LinkUpdate,
): Promise<UserGeneration> {
  const link = await findLinkOwner(trx, id);
  if (!link) throw notFound(PEOPLE_MSG.linkNotFound);
  await assertPersonOwned(trx, actor, link.user_id);
  const { generation_id, active, current_semester_id } = body;
  // A semester left out keeps the stored one (an undefined value is not written).
  return writeLink(trx, actor, 'usergeneration.update', link.user_id, body, async () => {
    await updateLink(trx, id, { generation_id, active, current_semester_id }, nowIso());
    return id;
  });
}

/** A student's status lives on their latest generation link; without one it cannot change. */
export async function setStudentStatus(
  trx: DbOrTrx,
  actor: Actor,
  userId: number,
  active: number,
): Promise<UserGeneration> {
  await findStudent(trx, actor, userId);
  const latest = await latestLinkId(trx, userId);
  if (latest === undefined) throw conflict(PEOPLE_MSG.noGenerationLink);
  await setLinksStatus(trx, [latest], active, nowIso());
  await auditPerson(trx, actor, 'student.status', userId, { active });
  return presentLink(await findLinkRow(trx, latest));
}

// ---------- semester advance ----------

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
  // Active students, and those without any link (reported as skipped so the chief can fix them). A chief advances
  // the students of their careers only: a student without a career is left to the administrator (two chiefs
  // advancing the same unlinked student would move them twice).
  const candidates = await advanceCandidates(trx, groupId, await careerScope(trx, actor));

  const result: AdvanceSemesterResult = { advanced: 0, graduated: 0, skipped: 0, errors: [] };
  const graduate: number[] = [];
  const advance: Array<{ userId: number; linkId: number; from: number }> = [];
  for (const c of candidates) {
    if (c.shared) {
      // Two chiefs advancing the same student would move them twice in one period.
      result.skipped++;
      result.errors.push({ user_id: c.user_id, reason: PEOPLE_MSG.advanceSharedStudent });
    } else if (c.link_id === null) {
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
  await setLinksStatus(trx, graduate, STUDENT_STATUS.GRADUADO, now);
  await advanceLinks(
    trx,
    advance.map((a) => a.linkId),
    now,
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
  const memberships = await membershipsOf(
    trx,
    advance.map((a) => a.userId),
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
    await moveMembers(trx, from, await findOrCreateGroup(trx, move.to, move.semester, now), move.users);
  }
}
