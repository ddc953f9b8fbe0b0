import type { LatestGeneration, PublicUser, UserGroupRef } from '@egreso/domain';
import { inChunks } from '../../db/chunks.js';
import type { Dependent } from '../../db/usage.js';
import { esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { USER_COLUMNS } from '../auth/tokens.repository.js';

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

/** The latest generation link of many users, with the generation's name 'YYYY-YYYY'. */
export async function latestGenerationByUser(
  db: DbOrTrx,
  userIds: readonly number[],
): Promise<Map<number, LatestGeneration>> {
  const map = new Map<number, LatestGeneration>();
  const rows = await inChunks(userIds, (slice) =>
    db
      .selectFrom('user_generations as ug')
      .innerJoin('generations as g', 'g.id', 'ug.generation_id')
      .select([
        'ug.id',
        'ug.user_id',
        'ug.generation_id',
        'ug.current_semester_id',
        'ug.active',
        'g.start_date',
        'g.end_date',
      ])
      .where('ug.user_id', 'in', slice)
      .orderBy('ug.id')
      .execute(),
  );
  // Ordered by id, so the last row of each user wins.
  for (const r of rows) {
    map.set(r.user_id, {
      id: r.id,
      generation_id: r.generation_id,
      current_semester_id: r.current_semester_id,
      active: r.active,
      generation_name: `${r.start_date.slice(0, 4)}-${r.end_date.slice(0, 4)}`,
    });
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
