import { ROLE } from '@egreso/domain';
import {
  kyselySink,
  writeActivities,
  writeAssignments,
  writeAttributes,
  writeCareers,
  writeEnrolments,
  writeGenerations,
  writeGroups,
  writeMemberships,
  writePeople,
  writePeriods,
  writePrerequisites,
  writeSubjects,
  type KnowledgeLevel,
} from '../db/writers.js';
import { createUser, type TestContext, type TestUser } from './harness.js';

/** Rows inserted directly through the seed's table writers, each factory creating the parents it is not given. */
let seq = 0;
export const tag = () => `${++seq}${Math.random().toString(36).slice(2, 6)}`;

const sink = (ctx: TestContext) => kyselySink(ctx.database.db);

export async function makeCareer(ctx: TestContext, overrides: { career_key?: string; name?: string } = {}) {
  const t = tag();
  const career = { career_key: overrides.career_key ?? `K${t}`.slice(0, 20), name: overrides.name ?? `Carrera ${t}` };
  const [id] = await writeCareers(sink(ctx), [career]);
  return { id: id!, ...career };
}

export async function makePeriod(
  ctx: TestContext,
  overrides: {
    period_name?: string;
    start_date?: string;
    end_date?: string;
    status?: 'published' | 'closed';
    is_active?: 0 | 1;
  } = {},
) {
  const period_name = overrides.period_name ?? `Periodo ${tag()}`;
  const [id] = await writePeriods(sink(ctx), [
    {
      period_name,
      start_date: overrides.start_date ?? '2030-01-20',
      end_date: overrides.end_date ?? '2030-06-10',
      status: overrides.status ?? 'published',
      is_active: overrides.is_active ?? 0,
      notes: null,
    },
  ]);
  return { id: id!, period_name };
}

export async function makeAttribute(
  ctx: TestContext,
  overrides: { attribute_name?: string; career_id?: number | null } = {},
) {
  const attribute_name = overrides.attribute_name ?? `Atributo ${tag()}`;
  const [id] = await writeAttributes(sink(ctx), [
    { attribute_name, description: 'Descripción de prueba', codigo: null, career_id: overrides.career_id ?? null },
  ]);
  return { id: id!, attribute_name };
}

/**
 * A subject taught in the given semesters (the first one by default), with optional careers, prerequisites and
 * attributes (at level I).
 */
export async function makeSubject(
  ctx: TestContext,
  overrides: {
    subject_name?: string;
    semesters?: number[];
    careers?: number[];
    prerequisites?: number[];
    attributes?: number[];
  } = {},
) {
  const t = tag();
  const subject = { subject_name: overrides.subject_name ?? `Materia ${t}`, subject_key: `K-${t}`.slice(0, 20) };
  const level: KnowledgeLevel = 'I';
  const [id] = await writeSubjects(sink(ctx), [
    {
      ...subject,
      theory_credits: 2,
      practice_credits: 3,
      semesters: overrides.semesters ?? [1],
      careers: overrides.careers ?? [],
      attributes: (overrides.attributes ?? []).map((attribute_id) => ({ attribute_id, knowledge_level: level })),
    },
  ]);
  await writePrerequisites(
    sink(ctx),
    (overrides.prerequisites ?? []).map((prerequisite_id) => ({ subject_id: id!, prerequisite_id })),
  );
  return { id: id!, ...subject };
}

/** A group of a semester (the first one by default; the semesters are reference data). */
export async function makeGroup(
  ctx: TestContext,
  overrides: { semester_id?: number | null; group_name?: string } = {},
) {
  const group = {
    group_name: overrides.group_name ?? `G${tag()}`,
    semester_id: overrides.semester_id === undefined ? 1 : overrides.semester_id,
  };
  const [id] = await writeGroups(sink(ctx), [group]);
  return { id: id!, group_name: group.group_name };
}

export async function makeTeacher(ctx: TestContext, careerIds: number[] = []) {
  const teacher = await createUser(ctx, ROLE.TEACHER);
  await writeMemberships(sink(ctx), [{ user_id: teacher.id, careers: careerIds }]);
  return teacher;
}

/**
 * A teacher's assignment. What is not given is created: a teacher, a subject, a group of the first semester and a
 * period; `period_id: null` (or `group_id: null`) leaves it without one. No career unless given.
 */
export async function makeAssignment(
  ctx: TestContext,
  values: {
    user_id?: number;
    subject_id?: number;
    group_id?: number | null;
    period_id?: number | null;
    career_id?: number | null;
  } = {},
) {
  const row = {
    user_id: values.user_id ?? (await makeTeacher(ctx)).id,
    subject_id: values.subject_id ?? (await makeSubject(ctx)).id,
    group_id: values.group_id === undefined ? (await makeGroup(ctx)).id : values.group_id,
    period_id: values.period_id === undefined ? (await makePeriod(ctx)).id : values.period_id,
    career_id: values.career_id ?? null,
  };
  const [id] = await writeAssignments(sink(ctx), [row]);
  return { id: id!, ...row };
}

export async function makeActivity(ctx: TestContext, professorSubjectId: number, attributeIds: number[] = []) {
  const [id] = await writeActivities(sink(ctx), [
    {
      professor_subject_id: professorSubjectId,
      activity_name: `Actividad ${tag()}`,
      type_activity: 'Examen',
      evaluation_instrument: 'Rúbrica',
      ponderation: 100,
      attribute_ids: attributeIds,
    },
  ]);
  return { id: id! };
}

/** A student in a group (the group is created when not given). */
export async function addStudentToGroup(ctx: TestContext, groupId?: number, fullName?: string) {
  const group = groupId ?? (await makeGroup(ctx)).id;
  const student = await createUser(ctx, ROLE.STUDENT, fullName ? { full_name: fullName } : {});
  await writeMemberships(sink(ctx), [{ user_id: student.id, groups: [group] }]);
  return student;
}

export async function makeGeneration(ctx: TestContext, startDate: string, endDate?: string) {
  const [id] = await writeGenerations(sink(ctx), [
    { start_date: startDate, end_date: endDate ?? `${Number(startDate.slice(0, 4)) + 4}-12-31` },
  ]);
  return { id: id! };
}

/** A student linked to the generation (the link that keeps a generation from being deleted). */
export async function linkStudentToGeneration(ctx: TestContext, generationId: number) {
  const student = await createUser(ctx, ROLE.STUDENT);
  await writeMemberships(sink(ctx), [
    { user_id: student.id, generation: { generation_id: generationId, current_semester_id: 1, active: 1 } },
  ]);
  return student;
}

// ---------- grade sheets ----------

/** The database's active period, created (published) on first use. */
export async function activePeriod(ctx: TestContext) {
  const found = await ctx.database.db
    .selectFrom('periods')
    .select(['id'])
    .where('is_active', '=', 1)
    .executeTakeFirst();
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
  ctx: TestContext,
  options: { students?: number; periodId?: number; teacher?: TestUser } = {},
): Promise<SheetFixture> {
  const db = ctx.database.db;
  const career = await makeCareer(ctx);
  const periodId = options.periodId ?? (await activePeriod(ctx)).id;
  const attributes = [
    await makeAttribute(ctx, { career_id: career.id }),
    await makeAttribute(ctx, { career_id: career.id }),
  ];
  const subject = await makeSubject(ctx, { careers: [career.id], attributes: attributes.map((a) => a.id) });
  const group = await makeGroup(ctx);
  const teacher = options.teacher ?? (await makeTeacher(ctx, [career.id]));
  const assignment = await makeAssignment(ctx, {
    user_id: teacher.id,
    subject_id: subject.id,
    group_id: group.id,
    period_id: periodId,
    career_id: career.id,
  });
  const students: TestUser[] = [];
  for (let i = 0; i < (options.students ?? 3); i++) {
    const t = tag();
    const student = await addStudentToGroup(ctx, group.id, `Alumno ${String.fromCharCode(65 + i)} ${t}`);
    await db
      .updateTable('users')
      .set({ controlnumber: `M${t}` })
      .where('id', '=', student.id)
      .execute();
    students.push({ ...student });
  }
  await writeEnrolments(
    sink(ctx),
    students.map((s) => ({ user_id: s.id, subject_id: subject.id, semester_id: 1, period_id: periodId })),
  );
  return {
    careerId: career.id,
    periodId,
    subjectId: subject.id,
    groupId: group.id,
    attributeIds: attributes.map((a) => a.id),
    teacher,
    assignmentId: assignment.id,
    students,
  };
}

/** The control numbers the fixture gave its students. */
export async function controlNumbers(ctx: TestContext, ids: number[]): Promise<Map<number, string>> {
  const rows = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'controlnumber'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.controlnumber ?? '']));
}

export async function makeChief(ctx: TestContext, careerIds: number[]) {
  const chief = await createUser(ctx, ROLE.CHIEF);
  await writeMemberships(sink(ctx), [{ user_id: chief.id, careers: careerIds }]);
  return chief;
}

// ---------- people: students with groups and generation links, naming scheme, snapshots ----------

/** A student row without a session (fast: no password hashing, no login), with optional group and generation link. */
export async function insertStudent(
  ctx: TestContext,
  opts: {
    full_name?: string;
    controlnumber?: string;
    email?: string;
    gender?: number | null;
    groupIds?: number[];
    generationId?: number;
    semester?: number | null;
    active?: number;
  } = {},
) {
  const t = tag();
  const user = {
    full_name: opts.full_name ?? `Alumno ${t}`,
    email: opts.email ?? `alumno${t}@test.mx`,
    controlnumber: opts.controlnumber ?? `A${t}`,
  };
  const generation = opts.generationId
    ? {
        generation_id: opts.generationId,
        current_semester_id: opts.semester === undefined ? 1 : opts.semester,
        active: opts.active ?? 1,
      }
    : undefined;
  const [id] = await writePeople(sink(ctx), [
    {
      ...user,
      password_hash: 'x',
      role: ROLE.STUDENT,
      gender: opts.gender === undefined ? 1 : opts.gender,
      groups: opts.groupIds ?? [],
      generation,
    },
  ]);
  const link = generation
    ? await ctx.database.db
        .selectFrom('user_generations')
        .select('id')
        .where('user_id', '=', id!)
        .executeTakeFirstOrThrow()
    : null;
  return { id: id!, ...user, linkId: link?.id ?? null };
}

export async function insertGroup(ctx: TestContext, name: string, semesterId: number | null) {
  return makeGroup(ctx, { group_name: name, semester_id: semesterId });
}

/** A generation starting in August of the year, ending 54 months later (name 'YYYY-(YYYY+5)'). */
export async function insertGeneration(ctx: TestContext, year: number) {
  return makeGeneration(ctx, `${year}-08-01`, `${year + 5}-02-01`);
}

export async function setNamingScheme(ctx: TestContext, scheme: 'auto' | 'digits' | 'num_letter' | 'grupo_m') {
  await ctx.database.db.updateTable('group_policy').set({ naming_scheme: scheme }).where('id', '=', 1).execute();
}

/** Every row of the people tables, to check that a refusal changed nothing. */
export async function peopleSnapshot(ctx: TestContext) {
  const db = ctx.database.db;
  return {
    users: await db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'controlnumber', 'gender', 'role'])
      .orderBy('id')
      .execute(),
    groups: await db.selectFrom('groups').select(['id', 'group_name', 'semester_id']).orderBy('id').execute(),
    user_groups: await db
      .selectFrom('user_groups')
      .select(['user_id', 'group_id'])
      .orderBy('user_id')
      .orderBy('group_id')
      .execute(),
    user_generations: await db
      .selectFrom('user_generations')
      .select(['id', 'user_id', 'generation_id', 'current_semester_id', 'active'])
      .orderBy('id')
      .execute(),
  };
}
