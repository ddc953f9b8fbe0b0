import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { CareerScope, LatestGeneration, PublicUser, UserGroupRef, UserRecord } from '@egreso/domain';
import { peopleInScope, personInScopeByRow } from '../../db/career-scope.js';
import { inChunks } from '../../db/chunks.js';
import type { Dependent } from '../../db/usage.js';
import { esContains, esKey } from '../../db/spanish.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import { USER_COLUMNS } from '../auth/tokens.repository.js';
import { presentLink } from './present.js';

export function findUserById(db: DbOrTrx, id: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'users.password_hash', 'users.must_change_password'])
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findPasswordHash(db: DbOrTrx, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Sets the user's own new password and lifts the first-sign-in mark. */
export async function setOwnPassword(db: DbOrTrx, id: number, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(db: DbOrTrx, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function emailTakenByOther(db: DbOrTrx, email: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

type Careers = PublicUser['user_careers'];

/** Careers of many users (one query per slice of ids), grouped by user id. */
export async function careersByUser(db: DbOrTrx, userIds: readonly number[]): Promise<Map<number, Careers>> {
  const map = new Map<number, Careers>();
  const rows = await inChunks(userIds, (slice) =>
    db
      .selectFrom('user_careers')
      .innerJoin('careers', 'careers.id', 'user_careers.career_id')
      .select([
        'user_careers.id',
        'user_careers.user_id',
        'user_careers.career_id',
        'careers.career_key',
        'careers.name',
      ])
      .where('user_careers.user_id', 'in', slice)
      .orderBy(esKey('careers.name'))
      .execute(),
  );
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({
      id: r.id,
      career_id: r.career_id,
      career: { id: r.career_id, career_key: r.career_key, name: r.name },
    });
    map.set(r.user_id, list);
  }
  return map;
}

/** Groups of many users, by group name. */
export async function groupsByUser(db: DbOrTrx, userIds: readonly number[]): Promise<Map<number, UserGroupRef[]>> {
  const map = new Map<number, UserGroupRef[]>();
  const rows = await inChunks(userIds, (slice) =>
    db
      .selectFrom('user_groups as ug')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .select(['ug.user_id', 'g.id', 'g.group_name', 'g.semester_id'])
      .where('ug.user_id', 'in', slice)
      .orderBy(esKey('g.group_name'))
      .execute(),
  );
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ id: r.id, group_name: r.group_name, semester_id: r.semester_id });
    map.set(r.user_id, list);
  }
  return map;
}

/** The id of each student's latest generation link: the highest id of their links. */
export function latestLinkIds(db: DbOrTrx) {
  return db
    .selectFrom('user_generations')
    .select((eb) => eb.fn.max('id').as('id'))
    .groupBy('user_id');
}

/** Students' generation links with the generation's dates (`presentLink` names the generation). */
export function generationLinks(db: DbOrTrx) {
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

/** The latest generation link of many users, with the generation's name 'YYYY-YYYY'. */
export async function latestGenerationByUser(
  db: DbOrTrx,
  userIds: readonly number[],
): Promise<Map<number, LatestGeneration>> {
  const map = new Map<number, LatestGeneration>();
  const rows = await inChunks(userIds, (slice) =>
    generationLinks(db).where('ug.user_id', 'in', slice).orderBy('ug.id').execute(),
  );
  // Ordered by id, so the last row of each user wins.
  for (const r of rows) {
    const { id, generation_id, current_semester_id, active, generation_name } = presentLink(r);
    map.set(r.user_id, { id, generation_id, current_semester_id, active, generation_name });
  }
  return map;
}

/** What keeps a user from being deleted: grades, observations (received or written), assignments and enrolments. */
export const USER_DEPENDENTS: readonly Dependent[] = [
  { table: 'user_activities', column: 'user_id', noun: ['calificación', 'calificaciones'] },
  { table: 'observations', column: 'user_id', noun: ['observación', 'observaciones'] },
  { table: 'observations', column: 'professor_id', noun: ['observación escrita', 'observaciones escritas'] },
  { table: 'professor_subjects', column: 'user_id', noun: ['asignación', 'asignaciones'] },
  { table: 'enrolments', column: 'user_id', noun: ['inscripción', 'inscripciones'] },
];

/** What a people list selects: roles, careers (the scope's, and one chosen), a group, a status and a search. */
export interface UserFilter {
  roles?: readonly number[];
  scope: CareerScope;
  careerId?: number;
  groupId?: number;
  /** The status of the latest generation link. */
  active?: number;
  search?: string;
}

/**
 * The users a filter selects, in SQL; the caller selects the columns. `rows` says how it is read: 'page', the first
 * rows in name order (the scope checked person by person along the name index, `personInScopeByRow`), or 'all' (the
 * scope as a set, `peopleInScope`: the careers' people from their index, for a count or a whole list).
 */
function filteredUsers(db: DbOrTrx, filter: UserFilter, rows: 'page' | 'all' = 'all') {
  let q = db.selectFrom('users');
  if (filter.roles !== undefined) q = q.where('users.role', 'in', [...filter.roles]);
  if (!filter.scope.all) {
    const scope = filter.scope;
    q = q.where((eb) =>
      rows === 'page' ? personInScopeByRow(eb, scope, 'users.id') : peopleInScope(eb, scope, 'users.id'),
    );
  }
  if (filter.careerId !== undefined) {
    q = q.where(
      'users.id',
      'in',
      db.selectFrom('user_careers').select('user_id').where('career_id', '=', filter.careerId),
    );
  }
  if (filter.groupId !== undefined) {
    q = q.where(
      'users.id',
      'in',
      db.selectFrom('user_groups').select('user_id').where('group_id', '=', filter.groupId),
    );
  }
  if (filter.active !== undefined) {
    const status = filter.active;
    // The latest link decides the status: read per person from `user_generations_user_latest_idx` (one index entry),
    // so neither a page nor a chief's count works out the latest link of every student of the institution.
    q = q.where(
      (eb) =>
        eb
          .selectFrom('user_generations as ug')
          .select('ug.active')
          .whereRef('ug.user_id', '=', 'users.id')
          .orderBy('ug.id', 'desc')
          .limit(1),
      '=',
      status,
    );
  }
  const search = filter.search?.trim();
  if (search) {
    // Name, number or e-mail, without regard to case or accents: 'angel' finds 'Ángel'.
    q = q.where((eb) =>
      eb.or([
        esContains('users.full_name', search),
        esContains('users.email', search),
        esContains(sql`coalesce(users.controlnumber, '')`, search),
      ]),
    );
  }
  return q;
}

/** Spanish order of names, ties by id so pages never overlap. */
function orderedByName<T extends SelectQueryBuilder<Database, 'users', UserRecord>>(q: T): T {
  return q.orderBy(esKey('users.full_name')).orderBy('users.id') as T;
}

/** The users a filter selects, by name; with `page`, only that slice. */
export function listUserRecords(
  db: DbOrTrx,
  filter: UserFilter,
  page?: { limit: number; offset: number },
): Promise<UserRecord[]> {
  const q = orderedByName(filteredUsers(db, filter, page ? 'page' : 'all').select(USER_COLUMNS));
  return (page ? q.limit(page.limit).offset(page.offset) : q).execute();
}

export async function countUsers(db: DbOrTrx, filter: UserFilter): Promise<number> {
  const row = await filteredUsers(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertUser(
  db: DbOrTrx,
  values: Pick<
    Insertable<Database['users']>,
    'full_name' | 'email' | 'password_hash' | 'role' | 'controlnumber' | 'gender'
  >,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...values, photo: null, created_at: now, updated_at: now, must_change_password: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserRow(db: DbOrTrx, id: number, values: Updateable<Database['users']>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function deleteUserRow(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function linkCareers(db: DbOrTrx, userId: number, careerIds: readonly number[]): Promise<void> {
  if (careerIds.length === 0) return;
  await db
    .insertInto('user_careers')
    .values(careerIds.map((career_id) => ({ user_id: userId, career_id })))
    .execute();
}

/** Drops the person's career links (only those to `among`, when given). */
export async function unlinkCareers(db: DbOrTrx, userId: number, among?: readonly number[]): Promise<void> {
  let q = db.deleteFrom('user_careers').where('user_id', '=', userId);
  if (among) q = q.where('career_id', 'in', [...among]);
  await q.execute();
}

const IMPORT_COLUMNS = ['id', 'role', 'full_name', 'email', 'controlnumber', 'gender'] as const;

/** The users of a role with one of these numbers, oldest first. */
export function findUsersByNumbers(db: DbOrTrx, role: number, numbers: readonly string[]) {
  return inChunks(numbers, (slice) =>
    db
      .selectFrom('users')
      .select(IMPORT_COLUMNS)
      .where('role', '=', role)
      .where('controlnumber', 'in', slice)
      .orderBy('id')
      .execute(),
  );
}

/** The users with one of these (lower-case) e-mails, of any role. */
export function findUsersByEmails(db: DbOrTrx, emails: readonly string[]) {
  return inChunks(emails, (slice) =>
    db.selectFrom('users').select(IMPORT_COLUMNS).where('email', 'in', slice).execute(),
  );
}

type UserFields = Partial<{
  full_name: string;
  email: string;
  controlnumber: string;
  gender: number;
  password_hash: string;
  must_change_password: number;
}>;
const UPDATED_FIELDS = [
  'full_name',
  'email',
  'controlnumber',
  'gender',
  'password_hash',
  'must_change_password',
] as const;

/**
 * Changes many users in one UPDATE per slice: each column is a CASE over the ids that change it, so a user keeps
 * every value not given.
 */
export async function updateUsersFields(
  db: DbOrTrx,
  changes: ReadonlyArray<{ id: number; fields: UserFields }>,
  now: string,
): Promise<void> {
  await inChunks(
    changes,
    async (slice) => {
      const set: Record<string, unknown> = { updated_at: now };
      for (const field of UPDATED_FIELDS) {
        const changing = slice.filter((c) => c.fields[field] !== undefined);
        if (changing.length === 0) continue;
        const whens = changing.map((c) => sql`when ${c.id} then ${c.fields[field]}`);
        set[field] = sql`case id ${sql.join(whens, sql` `)} else ${sql.ref(field)} end`;
      }
      await db
        .updateTable('users')
        .set(set)
        .where(
          'id',
          'in',
          slice.map((c) => c.id),
        )
        .execute();
      return [];
    },
    500,
  );
}
