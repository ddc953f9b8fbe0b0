import type { Updateable } from 'kysely';
import type { z } from 'zod';
import {
  LIMITS,
  MSG,
  PEOPLE_MSG,
  ROLE,
  SCOPE_MSG,
  canManageUserOfRole,
  canReadUser,
  careerInScope,
  type Actor,
  type PublicUser,
  type UserRecord,
  type UserDetail,
  type UserListItem,
  type UsersPage,
  type GroupPasswordsReset,
  type CareerScope,
  type userCreateBody,
  type userUpdateBody,
  type usersQuery,
} from '@egreso/domain';
import { assertCareerInScope, assertPersonInScope, assertPersonOwned, careerScope } from '../../db/career-scope.js';
import { rowExists } from '../../db/lookups.js';
import { refuseIfInUse } from '../../db/usage.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { listAssignments } from '../assignments/index.js';
import { groupStudents } from './students.repository.js';
import {
  deleteOtherTokens,
  deleteTokensOfUsers,
  presentUser,
  careersByUser,
  countUsers,
  deleteUserRow,
  emailTakenByOther,
  findUserById,
  groupsByUser,
  insertUser,
  latestGenerationByUser,
  linkCareers,
  listUserRecords,
  setOwnPassword,
  unlinkCareers,
  updateUserRow,
  updateUsersFields,
  USER_DEPENDENTS,
  type UserFilter,
} from '../accounts/index.js';

type Q = DbOrTrx;
type ListQuery = z.output<typeof usersQuery>;
type CreateBody = z.output<typeof userCreateBody>;
type UpdateBody = z.output<typeof userUpdateBody>;

/**
 * The users a list query selects. A chief sees only the people of their careers and those linked to none (DESIGN
 * §5); without a role, a chief sees teachers and students.
 */
function userFilter(actor: Actor, query: ListQuery, scope: CareerScope): UserFilter {
  const roles =
    query.role !== undefined ? [query.role] : actor.role !== ROLE.ADMIN ? [ROLE.TEACHER, ROLE.STUDENT] : undefined;
  return {
    roles,
    scope,
    careerId: query.career_id,
    groupId: query.group_id,
    active: query.active,
    search: query.search,
  };
}

/** Careers, groups and (with include_generation) the latest generation link: one query each, run side by side. */
async function withRelations(db: Q, users: UserRecord[], includeGeneration: boolean): Promise<UserListItem[]> {
  const ids = users.map((u) => u.id);
  const [careers, groups, generations] = await Promise.all([
    careersByUser(db, ids),
    groupsByUser(db, ids),
    includeGeneration ? latestGenerationByUser(db, ids) : Promise.resolve(null),
  ]);
  return users.map((u) => ({
    ...presentUser(u, careers.get(u.id)),
    groups: groups.get(u.id) ?? [],
    ...(generations ? { latest_generation: generations.get(u.id) ?? null } : {}),
  }));
}

/** Every user a list query selects, ordered by name in SQL, with their relations. */
export async function listAllUsers(db: Q, actor: Actor, query: ListQuery): Promise<UserListItem[]> {
  if (query.role !== undefined && !canManageUserOfRole(actor, query.role)) throw forbidden();
  const rows = await listUserRecords(db, userFilter(actor, query, await careerScope(db, actor)));
  return withRelations(db, rows, query.include_generation ?? false);
}

/**
 * GET /users: filtered, ordered by name and paged in SQL. Without page/per_page the answer stays the spec's plain
 * array; with either it is {data, meta}.
 */
export async function listUsers(db: Q, actor: Actor, query: ListQuery): Promise<UserListItem[] | UsersPage> {
  if (query.page === undefined && query.per_page === undefined) return listAllUsers(db, actor, query);
  if (query.role !== undefined && !canManageUserOfRole(actor, query.role)) throw forbidden();
  const filter = userFilter(actor, query, await careerScope(db, actor));
  const perPage = query.per_page ?? LIMITS.periodsPageSize;
  const page = query.page ?? 1;
  const slice = (n: number) => ({ limit: perPage, offset: (n - 1) * perPage });
  // The count and the page run side by side (two connections on PostgreSQL); a page past the end is asked again.
  const [total, firstTry] = await Promise.all([countUsers(db, filter), listUserRecords(db, filter, slice(page))]);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const currentPage = Math.min(page, lastPage);
  const rows = currentPage === page ? firstTry : await listUserRecords(db, filter, slice(currentPage));
  const data = await withRelations(db, rows, query.include_generation ?? false);
  return { data, meta: { current_page: currentPage, last_page: lastPage, total, per_page: perPage } };
}

export async function readUser(db: Q, id: number): Promise<PublicUser> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(PEOPLE_MSG.userNotFound);
  const careers = await careersByUser(db, [id]);
  return presentUser(user, careers.get(id));
}

/** One user as GET /users/:id answers: a teacher with their assignments (a chief's: those of their careers). */
export async function readUserDetail(db: Q, actor: Actor, id: number): Promise<UserDetail> {
  const user = await readUser(db, id);
  if (!canReadUser(actor, user)) throw forbidden();
  const self = actor.id === user.id;
  if (!self) await assertPersonInScope(db, actor, user.id);
  // A chief reads the teacher's assignments of their careers (a teacher may teach in several).
  const scope = self ? undefined : await careerScope(db, actor);
  const assignments = user.role === ROLE.TEACHER ? await listAssignments(db, { userId: user.id, scope }) : [];
  return { ...user, professor_subjects: assignments };
}

/**
 * The careers a new person is linked to: the one named (a chief may name only one of theirs); when none is named, a
 * chief's careers (all of them when they have several: the person stays visible to every chief who shares one);
 * an administrator's person without a career stays unlinked.
 */
export async function careersOfNewPerson(db: Q, actor: Actor, careerId: number | null | undefined): Promise<number[]> {
  const scope = await careerScope(db, actor);
  if (careerId) {
    if (!(await rowExists(db, 'careers', careerId)))
      throw fieldError('career_id', 'La carrera seleccionada no existe.');
    if (!careerInScope(scope, careerId)) throw forbidden(SCOPE_MSG.career);
    return [careerId];
  }
  return scope.all ? [] : [...scope.careers];
}

export async function createUser(
  trx: DbOrTrx,
  actor: Actor,
  body: CreateBody,
  passwordHash: string,
): Promise<PublicUser> {
  // A `password` in the body is not used: the account gets the one-time password whose hash is given (DESIGN §5).
  if (!canManageUserOfRole(actor, body.role)) throw forbidden();
  if (body.role === ROLE.ADMIN) throw forbidden(MSG.adminOnlyByOperator);
  if (body.role === ROLE.CHIEF && !body.career_id) throw fieldError('career_id', 'Selecciona una carrera.');
  const careers = await careersOfNewPerson(trx, actor, body.career_id);
  if (await emailTakenByOther(trx, body.email, null)) throw fieldError('email', MSG.emailTaken);
  const { full_name, email, role, controlnumber, gender } = body;
  const id = await insertUser(
    trx,
    { full_name, email, password_hash: passwordHash, role, controlnumber, gender },
    nowIso(),
  );
  await linkCareers(trx, id, careers);
  await auditPerson(trx, actor, 'user.create', id, { role: body.role });
  return readUser(trx, id);
}

/** Editing one's own profile changes name, e-mail and photo; managers change the rest of someone else's. */
export async function updateUser(trx: DbOrTrx, actor: Actor, id: number, body: UpdateBody): Promise<PublicUser> {
  const target = await findUserById(trx, id);
  if (!target) throw notFound(PEOPLE_MSG.userNotFound);
  const self = actor.id === target.id;
  const manages = !self && canManageUserOfRole(actor, target.role);
  if (!self && !manages) throw forbidden();
  if (manages) await assertPersonOwned(trx, actor, target.id);
  if (manages && body.career_id) await assertCareerInScope(trx, actor, body.career_id, SCOPE_MSG.career);
  if (await emailTakenByOther(trx, body.email, target.id)) throw fieldError('email', MSG.emailTaken);
  const careerBefore =
    manages && body.career_id
      ? ((await careersByUser(trx, [target.id])).get(target.id)?.map((c) => c.career_id) ?? [])
      : [];
  const update: Updateable<Database['users']> = { full_name: body.full_name, email: body.email, updated_at: nowIso() };
  if (self && body.photo !== undefined) update.photo = body.photo;
  if (manages) {
    if (body.role !== undefined && !canManageUserOfRole(actor, body.role)) throw forbidden();
    if (body.role === ROLE.ADMIN && target.role !== ROLE.ADMIN) throw forbidden(MSG.adminOnlyByOperator);
    if (body.controlnumber !== undefined) update.controlnumber = body.controlnumber;
    if (body.gender !== undefined) update.gender = body.gender;
    if (body.role !== undefined) update.role = body.role;
    if (body.career_id && !(await rowExists(trx, 'careers', body.career_id)))
      throw fieldError('career_id', 'La carrera seleccionada no existe.');
  }
  await updateUserRow(trx, target.id, update);
  if (manages && body.career_id) {
    // The chosen career replaces the links the actor may change: all of them for an administrator, those to the
    // chief's own careers for a chief (a link to another chief's career is not theirs to drop).
    const scope = await careerScope(trx, actor);
    await unlinkCareers(trx, target.id, scope.all ? undefined : [...scope.careers, body.career_id]);
    await linkCareers(trx, target.id, [body.career_id]);
  }
  await auditPerson(
    trx,
    actor,
    self ? 'profile.update' : 'user.update',
    target.id,
    userChanges(target, update, manages ? body.career_id : undefined, careerBefore),
  );
  return readUser(trx, target.id);
}

const AUDITED_FIELDS = ['full_name', 'email', 'role', 'controlnumber', 'gender', 'photo'] as const;

/**
 * What an edit changed, for its audit row: each changed field with its value before and after, and the careers (a
 * password reset is its own action, resetPassword).
 */
export function userChanges(
  before: UserRecord,
  update: Updateable<Database['users']>,
  careerId: number | null | undefined,
  careersBefore: number[],
): { changes: Record<string, { before: unknown; after: unknown }> } {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of AUDITED_FIELDS) {
    const after = update[field];
    if (after !== undefined && after !== before[field]) changes[field] = { before: before[field], after };
  }
  if (careerId && (careersBefore.length !== 1 || careersBefore[0] !== careerId))
    changes.careers = { before: careersBefore, after: [careerId] };
  return { changes };
}

/**
 * A manager's password reset: the person gets a new one-time password (its hash given), must change it at the next
 * sign-in, and every session of theirs ends. A chief resets only people linked to their careers alone; one's own
 * password is changed with the current one, not reset.
 */
export async function resetPassword(trx: DbOrTrx, actor: Actor, id: number, passwordHash: string): Promise<void> {
  const target = await findUserById(trx, id);
  if (!target) throw notFound(PEOPLE_MSG.userNotFound);
  if (target.id === actor.id || !canManageUserOfRole(actor, target.role)) throw forbidden();
  await assertPersonOwned(trx, actor, target.id);
  await updateUserRow(trx, target.id, { password_hash: passwordHash, must_change_password: 1, updated_at: nowIso() });
  await deleteOtherTokens(trx, target.id, null);
  await auditPerson(trx, actor, 'user.password_reset', target.id, { password: 'contraseña restablecida' });
}

/**
 * New one-time passwords for the students of a group (its 'Hojas de acceso'): those the actor may reset
 * (assertPersonOwned, in SQL), in a few batched statements; their sessions end. `issue` makes each password.
 */
export async function resetGroupPasswords(
  trx: DbOrTrx,
  actor: Actor,
  groupId: number,
  issue: () => { password: string; hash: string },
): Promise<GroupPasswordsReset> {
  if (!(await rowExists(trx, 'groups', groupId))) throw fieldError('group_id', PEOPLE_MSG.groupNotFound);
  const students = await groupStudents(trx, await careerScope(trx, actor), groupId);
  const owned = students.filter((s) => Number(s.owned) === 1);
  const issued = owned.map(() => issue());
  await updateUsersFields(
    trx,
    owned.map((s, i) => ({ id: s.id, fields: { password_hash: issued[i]!.hash, must_change_password: 1 } })),
    nowIso(),
  );
  await deleteTokensOfUsers(
    trx,
    owned.map((s) => s.id),
  );
  await audit(trx, {
    userId: actor.id,
    action: 'group.password_reset',
    entity: 'groups',
    entityId: groupId,
    details: { reset: owned.length, skipped: students.length - owned.length },
  });
  const n = owned.length;
  return {
    message: `${n} ${n === 1 ? 'contraseña restablecida' : 'contraseñas restablecidas'}.`,
    credentials: owned.map((s, i) => ({
      id: s.id,
      full_name: s.full_name,
      email: s.email,
      initial_password: issued[i]!.password,
    })),
    skipped: students.length - n,
  };
}

/** A user with history (grades, observations, assignments, enrolments) is kept: the chief sets 'Baja' instead. */
export async function deleteUser(trx: DbOrTrx, actor: Actor, id: number): Promise<void> {
  const target = await findUserById(trx, id);
  if (!target) throw notFound(PEOPLE_MSG.userNotFound);
  if (target.id === actor.id) throw conflict('No puedes eliminar tu propia cuenta.');
  if (!canManageUserOfRole(actor, target.role)) throw forbidden();
  await assertPersonOwned(trx, actor, target.id);
  await refuseIfInUse(trx, id, USER_DEPENDENTS, () =>
    target.role === ROLE.STUDENT ? PEOPLE_MSG.inUseStudent : PEOPLE_MSG.inUseUser,
  );
  await deleteUserRow(trx, id);
  await auditPerson(trx, actor, 'user.delete', id, { email: target.email });
}

/** The user's own new password: other devices sign in again with it. */
export async function changeOwnPassword(
  trx: DbOrTrx,
  actor: Actor,
  passwordHash: string,
  keptTokenHash: string | null,
): Promise<void> {
  await setOwnPassword(trx, actor.id, passwordHash, nowIso());
  await deleteOtherTokens(trx, actor.id, keptTokenHash);
  await auditPerson(trx, actor, 'password.change', actor.id);
}

/** Audits a change of a person's data, in the audit log under that person. */
export function auditPerson(trx: DbOrTrx, actor: Actor, action: string, personId: number, details?: unknown) {
  return audit(trx, { userId: actor.id, action, entity: 'users', entityId: personId, details });
}
