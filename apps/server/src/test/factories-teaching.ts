import { ROLE } from '@egreso/domain';
import { nowIso } from '../lib/time.js';
import { createUser, type TestContext, type TestUser } from './harness.js';
import { addStudentToGroup, makeAssignment, makeAttribute, makeCareer, makeGroup, makePeriod, makeSubject, makeTeacher, tag } from './factories-chief.js';

/** The database's active period, created (published) on first use. */
export async function activePeriod(ctx: TestContext) {
  const found = await ctx.database.db.selectFrom('periods').select(['id']).where('is_active', '=', 1).executeTakeFirst();
  return found ?? (await makePeriod(ctx, { is_active: 1 }));
}

export interface SheetFixture {
  careerId: number;
  periodId: number;
  subjectId: number;
  groupId: number;
  attributeIds: number[];
  teacher: TestUser;
  assignmentId: number;
  students: TestUser[];
}

/**
 * A grade sheet: a subject with two attributes in a career, a group with students enrolled in the subject for the
 * period (the active one unless given), and a teacher holding the assignment.
 */
export async function makeSheet(
  ctx: TestContext, options: { students?: number; periodId?: number; teacher?: TestUser } = {},
): Promise<SheetFixture> {
  const db = ctx.database.db;
  const career = await makeCareer(ctx);
  const periodId = options.periodId ?? (await activePeriod(ctx)).id;
  const subject = await makeSubject(ctx, { careers: [career.id] });
  const attributes = [await makeAttribute(ctx, { career_id: career.id }), await makeAttribute(ctx, { career_id: career.id })];
  await db.insertInto('subject_attributes').values(attributes.map((a) => ({ subject_id: subject.id, attribute_id: a.id, knowledge_level: 'I' as const }))).execute();
  const group = await makeGroup(ctx, 1);
  const teacher = options.teacher ?? (await makeTeacher(ctx, [career.id]));
  const assignment = await makeAssignment(ctx, { user_id: teacher.id, subject_id: subject.id, group_id: group.id, period_id: periodId, career_id: career.id });
  const students: TestUser[] = [];
  for (let i = 0; i < (options.students ?? 3); i++) {
    const t = tag();
    const student = await addStudentToGroup(ctx, group.id, `Alumno ${String.fromCharCode(65 + i)} ${t}`);
    await db.updateTable('users').set({ controlnumber: `M${t}` }).where('id', '=', student.id).execute();
    students.push({ ...student });
  }
  if (students.length) {
    await db.insertInto('enrolments').values(students.map((s) => ({
      user_id: s.id, subject_id: subject.id, semester_id: 1, period_id: periodId, status_id: 1, created_at: nowIso(),
    }))).execute();
  }
  return {
    careerId: career.id, periodId, subjectId: subject.id, groupId: group.id, attributeIds: attributes.map((a) => a.id), teacher,
    assignmentId: assignment.id, students,
  };
}

/** The control numbers the fixture gave its students. */
export async function controlNumbers(ctx: TestContext, ids: number[]): Promise<Map<number, string>> {
  const rows = await ctx.database.db.selectFrom('users').select(['id', 'controlnumber']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.controlnumber ?? '']));
}

export async function makeChief(ctx: TestContext, careerIds: number[]) {
  const chief = await createUser(ctx, ROLE.CHIEF);
  if (careerIds.length) await ctx.database.db.insertInto('user_careers').values(careerIds.map((career_id) => ({ user_id: chief.id, career_id }))).execute();
  return chief;
}
