import { ROLE } from '@egreso/domain';
import { nowIso } from '../lib/time.js';
import type { TestContext } from './harness.js';

let seq = 0;
const tag = () => `${++seq}${Math.random().toString(36).slice(2, 6)}`;

/** A student row without a session (fast: no password hashing, no login), with optional group and generation link. */
export async function insertStudent(
  ctx: TestContext,
  opts: { full_name?: string; controlnumber?: string; email?: string; gender?: number | null; groupIds?: number[]; generationId?: number; semester?: number | null; active?: number } = {},
) {
  const db = ctx.database.db;
  const t = tag();
  const now = nowIso();
  const user = await db.insertInto('users').values({
    full_name: opts.full_name ?? `Alumno ${t}`, email: opts.email ?? `alumno${t}@test.mx`, password_hash: 'x', role: ROLE.STUDENT,
    controlnumber: opts.controlnumber ?? `A${t}`, gender: opts.gender === undefined ? 1 : opts.gender, photo: null, created_at: now, updated_at: now,
  }).returning(['id', 'email', 'controlnumber', 'full_name']).executeTakeFirstOrThrow();
  if (opts.groupIds?.length) await db.insertInto('user_groups').values(opts.groupIds.map((group_id) => ({ user_id: user.id, group_id }))).execute();
  let linkId: number | null = null;
  if (opts.generationId) {
    const link = await db.insertInto('user_generations').values({
      user_id: user.id, generation_id: opts.generationId, current_semester_id: opts.semester === undefined ? 1 : opts.semester,
      active: opts.active ?? 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    linkId = link.id;
  }
  return { ...user, linkId };
}

export async function insertGroup(ctx: TestContext, name: string, semesterId: number | null) {
  const now = nowIso();
  return ctx.database.db.insertInto('groups').values({ group_name: name, semester_id: semesterId, created_at: now, updated_at: now })
    .returning(['id', 'group_name']).executeTakeFirstOrThrow();
}

/** A generation starting in August of the year, ending 54 months later (name 'YYYY-(YYYY+5)'). */
export async function insertGeneration(ctx: TestContext, year: number) {
  const now = nowIso();
  return ctx.database.db.insertInto('generations').values({ start_date: `${year}-08-01`, end_date: `${year + 5}-02-01`, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
}

export async function setNamingScheme(ctx: TestContext, scheme: 'auto' | 'digits' | 'num_letter' | 'grupo_m') {
  await ctx.database.db.updateTable('group_policy').set({ naming_scheme: scheme }).where('id', '=', 1).execute();
}

/** Every row of the people tables, to check that a refusal changed nothing. */
export async function peopleSnapshot(ctx: TestContext) {
  const db = ctx.database.db;
  return {
    users: await db.selectFrom('users').select(['id', 'full_name', 'email', 'controlnumber', 'gender', 'role']).orderBy('id').execute(),
    groups: await db.selectFrom('groups').select(['id', 'group_name', 'semester_id']).orderBy('id').execute(),
    user_groups: await db.selectFrom('user_groups').select(['user_id', 'group_id']).orderBy('user_id').orderBy('group_id').execute(),
    user_generations: await db.selectFrom('user_generations').select(['id', 'user_id', 'generation_id', 'current_semester_id', 'active']).orderBy('id').execute(),
  };
}
