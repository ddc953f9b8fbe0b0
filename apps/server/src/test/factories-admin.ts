import { ROLE } from '@egreso/domain';
import { nowIso } from '../lib/time.js';
import { createUser, type TestContext } from './harness.js';

let seq = 0;
const next = () => `${++seq}${Math.random().toString(36).slice(2, 6)}`;

export async function makeCareer(ctx: TestContext, overrides: { career_key?: string; name?: string } = {}) {
  const now = nowIso();
  const tag = next();
  return ctx.database.db.insertInto('careers').values({
    career_key: overrides.career_key ?? `K${tag}`.slice(0, 20), name: overrides.name ?? `Carrera ${tag}`, created_at: now, updated_at: now,
  }).returning(['id', 'career_key', 'name']).executeTakeFirstOrThrow();
}

export async function makePeriod(
  ctx: TestContext,
  overrides: { period_name?: string; start_date?: string; end_date?: string; status?: 'published' | 'closed'; is_active?: 0 | 1 } = {},
) {
  const now = nowIso();
  return ctx.database.db.insertInto('periods').values({
    period_name: overrides.period_name ?? `Periodo ${next()}`,
    start_date: overrides.start_date ?? '2030-01-20',
    end_date: overrides.end_date ?? '2030-06-10',
    status: overrides.status ?? 'published',
    is_active: overrides.is_active ?? 0,
    notes: null,
    created_at: now,
    updated_at: now,
  }).returning(['id', 'period_name']).executeTakeFirstOrThrow();
}

export async function makeSubject(ctx: TestContext) {
  const now = nowIso();
  const tag = next();
  return ctx.database.db.insertInto('subjects').values({
    subject_name: `Materia ${tag}`, subject_key: `M-${tag}`.slice(0, 20), theory_credits: 2, practice_credits: 2, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
}

export async function makeAttribute(ctx: TestContext, careerId: number | null) {
  const now = nowIso();
  return ctx.database.db.insertInto('attributes').values({
    attribute_name: `Atributo ${next()}`, description: 'Descripción', codigo: null, career_id: careerId, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
}

/** A teacher's assignment of a new subject, optionally tied to a period and a career. */
export async function makeAssignment(ctx: TestContext, links: { periodId?: number | null; careerId?: number | null } = {}) {
  const teacher = await createUser(ctx, ROLE.TEACHER);
  const subject = await makeSubject(ctx);
  const row = await ctx.database.db.insertInto('professor_subjects').values({
    user_id: teacher.id, subject_id: subject.id, group_id: null, period_id: links.periodId ?? null, career_id: links.careerId ?? null,
    created_at: nowIso(),
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, teacherId: teacher.id, subjectId: subject.id };
}

export async function makeGeneration(ctx: TestContext, startDate: string, endDate?: string) {
  const now = nowIso();
  return ctx.database.db.insertInto('generations').values({
    start_date: startDate, end_date: endDate ?? `${Number(startDate.slice(0, 4)) + 4}-12-31`, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
}

/** A student linked to the generation (the link that keeps a generation from being deleted). */
export async function linkStudentToGeneration(ctx: TestContext, generationId: number) {
  const student = await createUser(ctx, ROLE.STUDENT);
  const now = nowIso();
  await ctx.database.db.insertInto('user_generations').values({
    user_id: student.id, generation_id: generationId, current_semester_id: 1, active: 1, created_at: now, updated_at: now,
  }).execute();
  return student;
}
