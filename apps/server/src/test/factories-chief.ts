import { ROLE } from '@egreso/domain';
import { nowIso } from '../lib/time.js';
import { createUser, type TestContext } from './harness.js';

/** Parents the catalogue and assignment tests need, inserted directly. */
let seq = 0;
export const tag = () => `${++seq}${Math.random().toString(36).slice(2, 6)}`;

export async function makeCareer(ctx: TestContext, name?: string) {
  const now = nowIso();
  const t = tag();
  return ctx.database.db.insertInto('careers').values({
    career_key: `C${t}`.slice(0, 20), name: name ?? `Carrera ${t}`, created_at: now, updated_at: now,
  }).returning(['id', 'career_key', 'name']).executeTakeFirstOrThrow();
}

export async function makeAttribute(ctx: TestContext, overrides: { attribute_name?: string; career_id?: number | null } = {}) {
  const now = nowIso();
  return ctx.database.db.insertInto('attributes').values({
    attribute_name: overrides.attribute_name ?? `Atributo ${tag()}`, description: 'Descripción de prueba', codigo: null,
    career_id: overrides.career_id ?? null, created_at: now, updated_at: now,
  }).returning(['id', 'attribute_name']).executeTakeFirstOrThrow();
}

export async function makeSubject(
  ctx: TestContext,
  overrides: { subject_name?: string; semesters?: number[]; careers?: number[]; prerequisites?: number[] } = {},
) {
  const now = nowIso();
  const t = tag();
  const db = ctx.database.db;
  const row = await db.insertInto('subjects').values({
    subject_name: overrides.subject_name ?? `Materia ${t}`, subject_key: `K-${t}`.slice(0, 20), theory_credits: 2, practice_credits: 3,
    created_at: now, updated_at: now,
  }).returning(['id', 'subject_name', 'subject_key']).executeTakeFirstOrThrow();
  const semesters = overrides.semesters ?? [1];
  if (semesters.length) await db.insertInto('subject_semesters').values(semesters.map((s) => ({ subject_id: row.id, semester_id: s }))).execute();
  if (overrides.careers?.length) await db.insertInto('subject_careers').values(overrides.careers.map((c) => ({ subject_id: row.id, career_id: c }))).execute();
  if (overrides.prerequisites?.length) {
    await db.insertInto('subject_prerequisites').values(overrides.prerequisites.map((p) => ({ subject_id: row.id, prerequisite_id: p }))).execute();
  }
  return row;
}

export async function makeGroup(ctx: TestContext, semesterId: number | null = 1, name?: string) {
  const now = nowIso();
  return ctx.database.db.insertInto('groups').values({
    group_name: name ?? `G${tag()}`, semester_id: semesterId, created_at: now, updated_at: now,
  }).returning(['id', 'group_name']).executeTakeFirstOrThrow();
}

export async function makePeriod(ctx: TestContext, overrides: { is_active?: 0 | 1; status?: 'published' | 'closed' } = {}) {
  const now = nowIso();
  return ctx.database.db.insertInto('periods').values({
    period_name: `Periodo ${tag()}`, start_date: '2030-08-12', end_date: '2030-12-13', status: overrides.status ?? 'published',
    is_active: overrides.is_active ?? 0, notes: null, created_at: now, updated_at: now,
  }).returning(['id', 'period_name']).executeTakeFirstOrThrow();
}

export async function makeTeacher(ctx: TestContext, careerIds: number[] = []) {
  const teacher = await createUser(ctx, ROLE.TEACHER);
  if (careerIds.length) await ctx.database.db.insertInto('user_careers').values(careerIds.map((career_id) => ({ user_id: teacher.id, career_id }))).execute();
  return teacher;
}

export async function makeAssignment(
  ctx: TestContext,
  values: { user_id: number; subject_id: number; group_id: number; period_id: number | null; career_id?: number | null },
) {
  return ctx.database.db.insertInto('professor_subjects').values({ ...values, career_id: values.career_id ?? null, created_at: nowIso() })
    .returning('id').executeTakeFirstOrThrow();
}

export async function makeActivity(ctx: TestContext, professorSubjectId: number, attributeIds: number[] = []) {
  const now = nowIso();
  const row = await ctx.database.db.insertInto('activities').values({
    professor_subject_id: professorSubjectId, activity_name: `Actividad ${tag()}`, type_activity: 'Examen', evaluation_instrument: 'Rúbrica',
    ponderation: 100, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (attributeIds.length) {
    await ctx.database.db.insertInto('activity_attributes').values(attributeIds.map((attribute_id) => ({ activity_id: row.id, attribute_id }))).execute();
  }
  return row;
}

export async function addStudentToGroup(ctx: TestContext, groupId: number, fullName?: string) {
  const student = await createUser(ctx, ROLE.STUDENT, fullName ? { full_name: fullName } : {});
  await ctx.database.db.insertInto('user_groups').values({ user_id: student.id, group_id: groupId }).execute();
  return student;
}
