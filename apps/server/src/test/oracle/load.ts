import { ROLE } from '@egreso/domain';
import { sql } from 'kysely';
import {
  kyselySink,
  writeActivities,
  writeAssignments,
  writeAttributes,
  writeCareers,
  writeEnrolments,
  writeGenerations,
  writeGrades,
  writeGroups,
  writeMemberships,
  writeSubjects,
} from '../../db/writers.js';
import { makePeriod } from '../factories.js';
import { createUser, type TestContext, type TestUser } from '../harness.js';
import { ACTIVE_PERIOD, GENERATIONS, PERIODS, POOL, chiefCareers, dayOf, type Institution } from './model.js';

/*
 * Writes a generated institution through the test factories' table writers, on a database whose accounts and periods
 * were made once (`createPool`): each case clears the institution's tables and writes its own rows, so one database
 * serves a whole property run and a shrinking step costs one clear and one load.
 */

export interface Pool {
  admin: TestUser;
  chiefs: TestUser[];
  teachers: TestUser[];
  students: TestUser[];
  periods: number[];
}

export async function createPool(ctx: TestContext): Promise<Pool> {
  const periods: number[] = [];
  for (const [i, p] of PERIODS.entries())
    periods.push(
      (
        await makePeriod(ctx, {
          period_name: p.name,
          start_date: p.start,
          end_date: p.end,
          is_active: i === ACTIVE_PERIOD ? 1 : 0,
        })
      ).id,
    );
  const many = async (n: number, role: number, prefix: string) => {
    const out: TestUser[] = [];
    for (let i = 0; i < n; i++)
      out.push(
        await createUser(ctx, role, {
          full_name: `${prefix} ${String.fromCharCode(65 + i)}`,
          controlnumber: `${prefix[0]}${i + 1}`,
        }),
      );
    return out;
  };
  return {
    admin: await createUser(ctx, ROLE.ADMIN, { full_name: 'Administración' }),
    chiefs: await many(POOL.chiefs, ROLE.CHIEF, 'Jefe'),
    teachers: await many(POOL.teachers, ROLE.TEACHER, 'Profesor'),
    students: await many(POOL.students, ROLE.STUDENT, 'Alumno'),
    periods,
  };
}

/** The database ids of a loaded institution, by the model's positions. */
export interface Loaded {
  careers: number[];
  attributes: number[];
  subjects: number[];
  groups: number[];
  generations: number[];
  periods: number[];
  assignments: number[];
  activities: number[];
  /** Pool accounts in use: students[i] is the model's student i. */
  students: TestUser[];
  teachers: TestUser[];
  /** Chiefs in use with the model's careers they hold. */
  chiefs: Array<{ user: TestUser; careers: number[] }>;
  admin: TestUser;
}

/** Tables an institution writes, children first. */
const INSTITUTION_TABLES = [
  'improvement_action_followups',
  'improvement_action_subjects',
  'improvement_actions',
  'attribute_targets',
  'grade_history',
  'observations',
  'criteria_scales',
  'indicators',
  'evaluation_criterias',
  'rubrics',
  'user_activities',
  'activity_attributes',
  'activities',
  'professor_subjects',
  'enrolments',
  'subject_attributes',
  'subject_careers',
  'subject_semesters',
  'subject_prerequisites',
  'subjects',
  'attributes',
  'user_groups',
  'groups',
  'status_changes',
  'user_generations',
  'generations',
  'user_careers',
  'careers',
  'attribute_rating_sums',
  'attribute_rating_sums_dirty',
] as const;

export async function clearInstitution(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  for (const table of INSTITUTION_TABLES) await sql`delete from ${sql.table(table)}`.execute(db);
}

export async function loadInstitution(ctx: TestContext, pool: Pool, m: Institution): Promise<Loaded> {
  await clearInstitution(ctx);
  const db = ctx.database.db;
  const sink = kyselySink(db);
  const careers = await writeCareers(
    sink,
    Array.from({ length: m.careers }, (_, i) => ({ career_key: `C${i + 1}`, name: `Carrera ${i + 1}` })),
  );
  const attributes = await writeAttributes(
    sink,
    m.attributes.map((a, i) => ({
      attribute_name: `Atributo ${i + 1}`,
      description: 'Generado',
      codigo: `AE${i + 1}`,
      career_id: a.career === null ? null : careers[a.career]!,
    })),
  );
  const subjects = await writeSubjects(
    sink,
    m.subjects.map((s, i) => ({
      subject_name: `Materia ${i + 1}`,
      subject_key: `M-${i + 1}`,
      theory_credits: 2,
      practice_credits: 3,
      semesters: [1],
      careers: s.careers.map((c) => careers[c]!),
      attributes: s.attributes.map((a, k) => ({ attribute_id: attributes[a]!, knowledge_level: s.levels[k]! })),
    })),
  );
  const groups = await writeGroups(
    sink,
    Array.from({ length: m.groups }, (_, i) => ({ group_name: `10${i + 1}`, semester_id: 1 })),
  );
  const generations = await writeGenerations(
    sink,
    GENERATIONS.map((g) => ({ start_date: g.start, end_date: g.end })),
  );
  const students = pool.students.slice(0, m.students.length);
  const teachers = pool.teachers.slice(0, m.teachers.length);
  const chiefs = chiefCareers(m.careers).map((c, i) => ({ user: pool.chiefs[i]!, careers: c }));
  for (const [i, s] of m.students.entries())
    await db.updateTable('users').set({ gender: s.gender }).where('id', '=', students[i]!.id).execute();
  await writeMemberships(sink, [
    ...m.students.map((s, i) => ({
      user_id: students[i]!.id,
      careers: s.careers.map((c) => careers[c]!),
      groups: s.groups.map((g) => groups[g]!),
      // Linked as Activo (no change recorded); the generated history is written below, as the triggers write it.
      generation:
        s.generation === null
          ? undefined
          : { generation_id: generations[s.generation]!, current_semester_id: 1, active: 1 },
    })),
    ...m.teachers.map((t, i) => ({ user_id: teachers[i]!.id, careers: t.careers.map((c) => careers[c]!) })),
    ...chiefs.map((c) => ({ user_id: c.user.id, careers: c.careers.map((k) => careers[k]!) })),
  ]);
  // The status route's write (the triggers record a change dated now), then the history as it happened: the rows
  // the triggers would have written had each change been made on its day, in its period.
  for (const [i, s] of m.students.entries())
    if (s.generation !== null && s.status !== 1)
      await db
        .updateTable('user_generations')
        .set({ active: s.status })
        .where('user_id', '=', students[i]!.id)
        .execute();
  await sql`delete from status_changes`.execute(db);
  const history = m.students.flatMap((s, i) =>
    s.changes.map((c) => ({
      user_id: students[i]!.id,
      generation_id: generations[s.generation!]!,
      from_active: c.from,
      to_active: c.to,
      changed_at: dayOf(c.period, c.day),
      period_id: pool.periods[c.period]!,
    })),
  );
  if (history.length) await db.insertInto('status_changes').values(history).execute();
  const assignments = await writeAssignments(
    sink,
    m.assignments.map((a) => ({
      user_id: teachers[a.teacher]!.id,
      subject_id: subjects[a.subject]!,
      group_id: groups[a.group]!,
      period_id: pool.periods[a.period]!,
      career_id: careers[a.career]!,
    })),
  );
  const activities = await writeActivities(
    sink,
    m.activities.map((a, i) => ({
      professor_subject_id: assignments[a.assignment]!,
      activity_name: `Actividad ${i + 1}`,
      type_activity: 'Examen',
      evaluation_instrument: 'Rúbrica',
      ponderation: a.ponderation,
      attribute_ids: a.attributes.map((x) => attributes[x]!),
    })),
  );
  await writeEnrolments(
    sink,
    m.enrolments.map((e) => ({
      user_id: students[e.student]!.id,
      subject_id: subjects[e.subject]!,
      semester_id: 1,
      period_id: pool.periods[e.period]!,
    })),
  );
  await writeGrades(
    sink,
    m.grades.map((g) => ({
      user_id: students[g.student]!.id,
      activity_id: activities[g.activity]!,
      qualification: g.tenths === null ? null : g.tenths / 10,
      updated_by: teachers[m.assignments[m.activities[g.activity]!.assignment]!.teacher]!.id,
    })),
  );
  return {
    careers,
    attributes,
    subjects,
    groups,
    generations,
    periods: pool.periods,
    assignments,
    activities,
    students,
    teachers,
    chiefs,
    admin: pool.admin,
  };
}
