import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import {
  MSG,
  ROLE,
  SCOPE_MSG,
  careerInScope,
  careersOutside,
  holdingOf,
  personInScope,
  personOwned,
  type Actor,
  type CareerScope,
} from '@egreso/domain';
import { fieldError, forbidden } from '../lib/http-errors.js';
import type { Database, DbOrTrx } from './types.js';

/**
 * DESIGN §5 "A chief's careers", in one place: the careers an actor acts on, and the checks and SQL filters built on
 * the domain's predicates. Administrators are not limited; a chief acts on their `user_careers`.
 */
export async function careerScope(db: DbOrTrx, actor: Actor): Promise<CareerScope> {
  if (actor.role === ROLE.ADMIN) return { all: true };
  const rows = await db
    .selectFrom('user_careers')
    .select('career_id')
    .where('user_id', '=', actor.id)
    .orderBy('career_id')
    .execute();
  return { all: false, careers: rows.map((r) => r.career_id) };
}

/** Whether the actor may act on a career (the targets, evidence and reports of it). */
export async function mayActOnCareer(db: DbOrTrx, actor: Actor, careerId: number | null): Promise<boolean> {
  return careerInScope(await careerScope(db, actor), careerId);
}

/** 403 with `message` unless the actor may act on the career. */
export async function assertCareerInScope(
  db: DbOrTrx,
  actor: Actor,
  careerId: number | null,
  message: string = SCOPE_MSG.career,
): Promise<void> {
  if (!(await mayActOnCareer(db, actor, careerId))) throw forbidden(message);
}

/** The careers a person is linked to. */
export async function careersOfPerson(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_careers').select('career_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.career_id);
}

/** 403 unless the actor may act on the person (linked to one of the actor's careers, or to none). */
export async function assertPersonInScope(db: DbOrTrx, actor: Actor, userId: number): Promise<void> {
  const scope = await careerScope(db, actor);
  if (scope.all) return;
  if (!personInScope(scope, await careersOfPerson(db, userId))) throw forbidden(SCOPE_MSG.person);
}

/**
 * 403 unless the actor may change the person (edit, re-link, reset the password, delete): for a chief, a person linked
 * only to their careers. Reading stays wider (assertPersonInScope): an unlinked person is visible to every chief.
 */
export async function assertPersonOwned(db: DbOrTrx, actor: Actor, userId: number): Promise<void> {
  const scope = await careerScope(db, actor);
  if (scope.all) return;
  const careers = await careersOfPerson(db, userId);
  if (!personInScope(scope, careers)) throw forbidden(SCOPE_MSG.person);
  if (!personOwned(scope, careers)) throw forbidden(MSG.personNotOwned);
}

/** Every one of the people in scope (one query for them all); 403 at the first that is not. */
export async function assertPeopleInScope(db: DbOrTrx, actor: Actor, userIds: readonly number[]): Promise<void> {
  const scope = await careerScope(db, actor);
  if (scope.all || userIds.length === 0) return;
  const ids = [...new Set(userIds)];
  const outside = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', ids)
    .where((eb) => eb.not(peopleInScope(eb, scope, 'users.id')))
    .executeTakeFirst();
  if (outside) throw forbidden(SCOPE_MSG.person);
}

/** The careers of a subject (its `subject_careers`). */
export async function careersOfSubject(db: DbOrTrx, subjectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('subject_careers')
    .select('career_id')
    .where('subject_id', '=', subjectId)
    .orderBy('career_id')
    .execute();
  return rows.map((r) => r.career_id);
}

/**
 * The careers of a group (docs/decisions.md, "A chief's subjects and groups"): a group has no career column; it
 * belongs to the careers of the students enrolled in it and of the assignments given to it. One query.
 */
export async function careersOfGroup(db: DbOrTrx, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_groups as ug')
    .innerJoin('user_careers as uc', 'uc.user_id', 'ug.user_id')
    .select('uc.career_id')
    .where('ug.group_id', '=', groupId)
    .union(
      db
        .selectFrom('professor_subjects as ps')
        .select('ps.career_id as career_id')
        .where('ps.group_id', '=', groupId)
        .where('ps.career_id', 'is not', null)
        .$narrowType<{ career_id: number }>(),
    )
    .execute();
  return rows.map((r) => r.career_id).sort((a, b) => a - b);
}

/**
 * 403 unless the actor may change (edit, re-link, delete) an existing subject: one whose careers are all the chief's.
 * A subject shared with another chief's career, or with no career, is the administrator's.
 */
export async function assertSubjectHeld(db: DbOrTrx, actor: Actor, subjectId: number): Promise<void> {
  const holding = holdingOf(await careerScope(db, actor), await careersOfSubject(db, subjectId));
  if (holding === 'shared') throw forbidden(SCOPE_MSG.subjectShared);
  if (holding === 'none') throw forbidden(SCOPE_MSG.subjectNoCareer);
  if (holding === 'other') throw forbidden(SCOPE_MSG.subject);
}

/**
 * The links a chief's subject save may write: at least one career, all of them the chief's (422, 403), and no
 * attribute of another career linked, unlinked or re-levelled (403). `before` is the subject's current attribute
 * links (empty on create). Administrators are not limited.
 */
export async function assertSubjectLinksInScope(
  db: DbOrTrx,
  actor: Actor,
  input: { careers: readonly number[]; attributes: readonly { id: number; knowledge_level: string }[] },
  before: readonly { id: number; knowledge_level: string }[],
): Promise<void> {
  const scope = await careerScope(db, actor);
  if (scope.all) return;
  if (input.careers.length === 0) throw fieldError('careers', SCOPE_MSG.subjectCareerRequired);
  if (careersOutside(scope, input.careers).length > 0) throw forbidden(SCOPE_MSG.subjectCareerOutside);
  const key = (a: { id: number; knowledge_level: string }) => `${a.id}:${a.knowledge_level}`;
  const now = new Set(input.attributes.map(key));
  const was = new Set(before.map(key));
  const changed = [...input.attributes.filter((a) => !was.has(key(a))), ...before.filter((a) => !now.has(key(a)))].map(
    (a) => a.id,
  );
  if (changed.length === 0) return;
  const foreign = await db
    .selectFrom('attributes')
    .select('id')
    .where('id', 'in', [...new Set(changed)])
    .where('career_id', 'is not', null)
    .where((eb) => eb.not(careerColumnInScope(eb, scope, 'attributes.career_id')))
    .executeTakeFirst();
  if (foreign) throw forbidden(SCOPE_MSG.subjectAttribute);
}

/**
 * 403 unless the actor may change (edit, delete) an existing group: one whose careers are all the chief's, or one with
 * no career yet (no students, no assignments: any chief may fix or remove it). A group shared with another chief's
 * career is the administrator's.
 */
export async function assertGroupHeld(db: DbOrTrx, actor: Actor, groupId: number): Promise<void> {
  const holding = holdingOf(await careerScope(db, actor), await careersOfGroup(db, groupId));
  if (holding === 'shared') throw forbidden(SCOPE_MSG.groupShared);
  if (holding === 'other') throw forbidden(SCOPE_MSG.group);
}

/**
 * SQL condition, the same rule as `assertGroupHeld` for a whole list: the group whose id is `groupIdRef` has no career
 * outside the scope (neither a student's nor an assignment's), so the actor may edit and delete it. True for
 * administrators; for a chief, true also for a group with no career yet.
 */
export function groupHeldInScope<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: CareerScope,
  groupIdRef: `${string}.id`,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'groups'>;
  if (scope.all) return e.lit(true);
  const careers = [...scope.careers];
  const students = e
    .selectFrom('user_groups as held_ug')
    .innerJoin('user_careers as held_uc', 'held_uc.user_id', 'held_ug.user_id')
    .select('held_uc.id')
    .whereRef('held_ug.group_id', '=', groupIdRef as 'groups.id');
  const assignments = e
    .selectFrom('professor_subjects as held_ps')
    .select('held_ps.id')
    .whereRef('held_ps.group_id', '=', groupIdRef as 'groups.id')
    .where('held_ps.career_id', 'is not', null);
  return e.and([
    e.not(e.exists(careers.length ? students.where('held_uc.career_id', 'not in', careers) : students)),
    e.not(e.exists(careers.length ? assignments.where('held_ps.career_id', 'not in', careers) : assignments)),
  ]);
}

type UserIdRef = `${string}.id` | `${string}.user_id`;

/**
 * A condition on the person whose id is `userIdRef`, for any query: true for a scope of every career (administrators),
 * else `condition` on the scope's careers.
 */
function scopeCondition(
  condition: (
    e: ExpressionBuilder<Database, 'users'>,
    careers: readonly number[],
    userIdRef: UserIdRef,
  ) => Expression<SqlBool>,
) {
  return <DB extends Database, TB extends keyof DB>(
    eb: ExpressionBuilder<DB, TB>,
    scope: CareerScope,
    userIdRef: UserIdRef,
  ): Expression<SqlBool> => {
    const e = eb as unknown as ExpressionBuilder<Database, 'users'>;
    return scope.all ? e.lit(true) : condition(e, scope.careers, userIdRef);
  };
}

/** The ids of the people linked to one of the careers (the career side of `user_careers`, `user_careers_career_user_idx`). */
function linkedTo(e: ExpressionBuilder<Database, 'users'>, careers: readonly number[]) {
  return e
    .selectFrom('user_careers as scope_uc')
    .select('scope_uc.user_id')
    .where('scope_uc.career_id', 'in', [...careers]);
}

/**
 * SQL condition: the person whose id is `userIdRef` is in the scope, i.e. has no career link or one to a career of the
 * scope. True for administrators. Written as `id in (the careers' people union the people without a career)` rather
 * than an `or` of two EXISTS, which the planner could only check person by person: a chief's count of students started
 * from every student of the institution (140,000 buffers at 20,000 students), and now starts from the career's index
 * (8,400; bench/RESULTS.md).
 */
export const peopleInScope = scopeCondition((e, careers, userIdRef) => {
  const unlinked = e
    .selectFrom('users as scope_u')
    .select('scope_u.id as user_id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_careers as scope_link')
            .select('scope_link.id')
            .whereRef('scope_link.user_id', '=', 'scope_u.id'),
        ),
      ),
    );
  const people = careers.length ? linkedTo(e, careers).union(unlinked) : unlinked;
  return e(userIdRef as 'users.id', 'in', people);
});

/**
 * The same condition as `peopleInScope`, checked person by person: linked to a career of the scope, or to none (two
 * index probes). For a list read in an index's order that needs only its first rows (a page of the Students screen,
 * walked along `users_role_name_es_idx`): the set form would first gather every person of the careers and sort them
 * all by their Spanish key, where this stops after the page's rows (bench/RESULTS.md).
 */
export const personInScopeByRow = scopeCondition((e, careers, userIdRef) => {
  const links = () =>
    e
      .selectFrom('user_careers as row_link')
      .select('row_link.id')
      .whereRef('row_link.user_id', '=', userIdRef as 'users.id');
  const unlinked = e.not(e.exists(links()));
  if (careers.length === 0) return unlinked;
  return e.or([e.exists(links().where('row_link.career_id', 'in', [...careers])), unlinked]);
});

/**
 * The SQL condition of a scope: true for administrators, false for a chief without careers, and otherwise what
 * `limited` builds over the chief's careers.
 */
function scopedCondition<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: CareerScope,
  limited: (e: ExpressionBuilder<Database, 'users'>, careers: readonly number[]) => Expression<SqlBool>,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'users'>;
  if (scope.all) return e.lit(true);
  if (scope.careers.length === 0) return e.lit(false);
  return limited(e, scope.careers);
}

/** SQL condition: a row whose career column is `careerRef` belongs to the scope. True for administrators. */
export function careerColumnInScope<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: CareerScope,
  careerRef: string,
): Expression<SqlBool> {
  return scopedCondition(eb, scope, (e, careers) => e(careerRef as 'users.id', 'in', [...careers]));
}

/**
 * SQL condition: the person whose id is `userIdRef` is linked to a career of the scope (not counting people without a
 * career): what a bulk action of a chief, such as the semester advance, moves. True for administrators.
 */
export function linkedToScope<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: CareerScope,
  userIdRef: UserIdRef,
): Expression<SqlBool> {
  return scopedCondition(eb, scope, (e, careers) => e(userIdRef as 'users.id', 'in', linkedTo(e, careers)));
}

/**
 * SQL condition: the person whose id is `userIdRef` is the actor's to change (assertPersonOwned): linked to a career of
 * the scope and to none outside it. True for administrators.
 */
export function ownedByScope<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: CareerScope,
  userIdRef: UserIdRef,
): Expression<SqlBool> {
  return scopedCondition(eb, scope, (e, careers) =>
    e.and([
      e(userIdRef as 'users.id', 'in', linkedTo(e, careers)),
      e.not(
        e.exists(
          e
            .selectFrom('user_careers as other_link')
            .select('other_link.id')
            .whereRef('other_link.user_id', '=', userIdRef as 'users.id')
            .where('other_link.career_id', 'not in', [...careers]),
        ),
      ),
    ]),
  );
}
