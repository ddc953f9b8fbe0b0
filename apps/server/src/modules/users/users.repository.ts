import type { DbOrTrx } from '../../db/types.js';
import { USER_COLUMNS } from '../auth/tokens.repository.js';

export type UserRow = Awaited<ReturnType<typeof findUserById>> & object;

export function findUserById(db: DbOrTrx, id: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'users.password_hash'])
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function emailTakenByOther(db: DbOrTrx, email: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Careers of many users in one query, grouped by user id. */
export async function careersByUser(db: DbOrTrx, userIds: number[]) {
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
