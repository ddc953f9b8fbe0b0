import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { USER_COLUMNS } from '../auth/tokens.repository.js';

type Q = Kysely<Database> | Transaction<Database>;

export type UserRow = Awaited<ReturnType<typeof findUserById>> & object;

export function findUserById(db: Q, id: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Q, email: string) {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'users.password_hash'])
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function emailTakenByOther(db: Q, email: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Careers of many users in one query, grouped by user id. */
export async function careersByUser(db: Q, userIds: number[]) {
  const map = new Map<number, Array<{ id: number; career_id: number; career: { id: number; career_key: string; name: string } }>>();
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_careers')
    .innerJoin('careers', 'careers.id', 'user_careers.career_id')
    .select(['user_careers.id', 'user_careers.user_id', 'user_careers.career_id', 'careers.career_key', 'careers.name'])
    .where('user_careers.user_id', 'in', userIds)
    .orderBy('careers.name')
    .execute();
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ id: r.id, career_id: r.career_id, career: { id: r.career_id, career_key: r.career_key, name: r.name } });
    map.set(r.user_id, list);
  }
  return map;
}

/** A teacher's assignments with their subject, group, semester, period and career, in one query. */
export async function professorSubjectsOf(db: Q, userId: number) {
  const rows = await db
    .selectFrom('professor_subjects as ps')
    .innerJoin('subjects as s', 's.id', 'ps.subject_id')
    .leftJoin('groups as g', 'g.id', 'ps.group_id')
    .leftJoin('periods as p', 'p.id', 'ps.period_id')
    .leftJoin('careers as c', 'c.id', 'ps.career_id')
    .select([
      'ps.id', 'ps.user_id', 'ps.subject_id', 'ps.group_id', 'ps.period_id', 'ps.career_id',
      's.subject_name', 's.subject_key', 'g.group_name', 'g.semester_id', 'p.period_name', 'c.name as career_name',
    ])
    .where('ps.user_id', '=', userId)
    .orderBy('s.subject_name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    subject_id: r.subject_id,
    group_id: r.group_id,
    period_id: r.period_id,
    career_id: r.career_id,
    subject: { id: r.subject_id, subject_name: r.subject_name, subject_key: r.subject_key },
    group: r.group_id === null ? null : { id: r.group_id, group_name: r.group_name ?? '', semester_id: r.semester_id },
    semester: r.semester_id === null ? null : { id: r.semester_id },
    period: r.period_id === null ? null : { id: r.period_id, period_name: r.period_name ?? '' },
    career: r.career_id === null ? null : { id: r.career_id, name: r.career_name ?? '' },
  }));
}
