import { beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_REPORT_MSG, ROLE } from '@egreso/domain';
import { nowIso } from '../../lib/time.js';
import { as, createUser, useTestApp, type TestUser } from '../../test/harness.js';
import {
  addStudentToGroup,
  makeActivity,
  makeAssignment,
  makeAttribute,
  makeCareer,
  makeChief,
  makeGroup,
  makePeriod,
  makeSubject,
  makeTeacher,
} from '../../test/factories.js';

const ctx = useTestApp();
let chief: TestUser;
let otherTeacher: TestUser;
let teacher: TestUser;
let ids: {
  subject: number;
  group: number;
  a1: number;
  a2: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  s6: number;
  assignment: number;
};

/**
 * A group with three graded students, one enrolled without grades, one graded but not enrolled and one neither
 * enrolled nor graded. Activities:
 * act1 (weight 100, AE-A), act2 (weight 50, AE-A and AE-B), act3 (weight 100, AE-B).
 */
beforeAll(async () => {
  const db = ctx().database.db;
  const career = await makeCareer(ctx());
  // The assignment is of the chief's career (DESIGN §5: a chief reads their careers' group reports).
  chief = await makeChief(ctx(), [career.id]);
  otherTeacher = await makeTeacher(ctx());
  teacher = await makeTeacher(ctx());
  const period = await makePeriod(ctx(), { is_active: 1 });
  const subject = await makeSubject(ctx());
  const a1 = await makeAttribute(ctx(), { attribute_name: 'Resolver problemas' });
  const a2 = await makeAttribute(ctx(), { attribute_name: 'Comunicar ideas' });
  await db.updateTable('attributes').set({ codigo: 'AE-A' }).where('id', '=', a1.id).execute();
  await db.updateTable('attributes').set({ codigo: 'AE-B' }).where('id', '=', a2.id).execute();
  await db
    .insertInto('subject_attributes')
    .values([
      { subject_id: subject.id, attribute_id: a1.id, knowledge_level: 'I' },
      { subject_id: subject.id, attribute_id: a2.id, knowledge_level: 'I' },
    ])
    .execute();
  const group = await makeGroup(ctx());
  const assignment = await makeAssignment(ctx(), {
    user_id: teacher.id,
    subject_id: subject.id,
    group_id: group.id,
    period_id: period.id,
    career_id: career.id,
  });
  const act1 = await makeActivity(ctx(), assignment.id, [a1.id]);
  const act2 = await makeActivity(ctx(), assignment.id, [a1.id, a2.id]);
  const act3 = await makeActivity(ctx(), assignment.id, [a2.id]);
  await db.updateTable('activities').set({ ponderation: 50 }).where('id', '=', act2.id).execute();
  const [s1, s2, s3, s4, s5, s6] = await Promise.all(
    ['Ana Uno', 'Beto Dos', 'Carla Tres', 'Dora Cuatro', 'Eva Cinco', 'Fer Seis'].map((n) =>
      addStudentToGroup(ctx(), group.id, n),
    ),
  );
  await db
    .insertInto('enrolments')
    .values(
      [s1!, s2!, s3!, s4!].map((s) => ({
        user_id: s.id,
        subject_id: subject.id,
        semester_id: 1,
        period_id: period.id,
        status_id: 1,
        created_at: nowIso(),
      })),
    )
    .execute();
  const grades: Array<[TestUser, { id: number }, number | null]> = [
    [s1!, act1, 95],
    [s1!, act2, 80],
    [s1!, act3, 90],
    [s2!, act1, 60],
    [s2!, act2, null],
    [s2!, act3, 70],
    [s3!, act1, 72],
    [s3!, act2, 100],
    [s5!, act1, 100],
  ];
  await db
    .insertInto('user_activities')
    .values(
      grades.map(([s, a, q]) => ({
        user_id: s.id,
        activity_id: a.id,
        qualification: q,
        updated_by: teacher.id,
        updated_at: nowIso(),
      })),
    )
    .execute();
  ids = {
    subject: subject.id,
    group: group.id,
    a1: a1.id,
    a2: a2.id,
    s1: s1!.id,
    s2: s2!.id,
    s3: s3!.id,
    s4: s4!.id,
    s5: s5!.id,
    s6: s6!.id,
    assignment: assignment.id,
  };
});

const groupUrl = () => `/api/reportes/grupo?subject_id=${ids.subject}&group_id=${ids.group}`;
const studentUrl = (userId: number) => `${groupUrl().replace('/grupo?', '/grupo/alumno?')}&user_id=${userId}`;

describe('GET /reportes/grupo', () => {
  it("counts each attribute's students (enrolled or graded) by band, as computed by hand", async () => {
    const res = await as(ctx(), teacher, { method: 'GET', url: groupUrl() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.professor_subject_id).toBe(ids.assignment);
    expect(body.alumnos.map((s: { full_name: string }) => s.full_name)).toEqual([
      'Ana Uno',
      'Beto Dos',
      'Carla Tres',
      'Dora Cuatro',
      'Eva Cinco',
    ]);
    // AE-A: Ana (95·100 + 80·50) / 150 = 90.0, Beto 60.0, Carla (72·100 + 100·50) / 150 = 81.3, Eva 100.0: graded
    // though not enrolled, her grade is shown (a grade is never hidden). Fer, neither enrolled nor graded, is left out.
    // AE-B: Ana (80·50 + 90·100) / 150 = 86.7, Beto 70.0, Carla 100.0.
    expect(body.atributos).toEqual([
      {
        attribute_id: ids.a1,
        attribute_name: 'Resolver problemas',
        codigo: 'AE-A',
        sobresaliente: 2,
        suficiente: 1,
        insuficiente: 1,
      },
      {
        attribute_id: ids.a2,
        attribute_name: 'Comunicar ideas',
        codigo: 'AE-B',
        sobresaliente: 1,
        suficiente: 2,
        insuficiente: 0,
      },
    ]);
  });

  it("is the teacher's own group only; chiefs read; students are refused", async () => {
    expect((await as(ctx(), chief, { method: 'GET', url: groupUrl() })).statusCode).toBe(200);
    const other = await as(ctx(), otherTeacher, { method: 'GET', url: groupUrl() });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(TEACHER_REPORT_MSG.notYourGroup);
    const student = await createUser(ctx(), ROLE.STUDENT);
    expect((await as(ctx(), student, { method: 'GET', url: groupUrl() })).statusCode).toBe(403);
    const missing = await as(ctx(), teacher, { method: 'GET', url: `/api/reportes/grupo?subject_id=${ids.subject}` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.group_id).toBeDefined();
  });
});

describe('GET /reportes/grupo/alumno', () => {
  it("answers one student's rating of every attribute, null where nothing is graded", async () => {
    const res = await as(ctx(), teacher, { method: 'GET', url: studentUrl(ids.s1) });
    expect(res.statusCode).toBe(200);
    expect(res.json().alumno).toMatchObject({ id: ids.s1, full_name: 'Ana Uno' });
    expect(res.json().atributos.map((a: { promedio: number | null }) => a.promedio)).toEqual([90, 86.7]);
    const none = await as(ctx(), teacher, { method: 'GET', url: studentUrl(ids.s4) });
    expect(none.json().atributos.map((a: { promedio: number | null }) => a.promedio)).toEqual([null, null]);
  });

  it("refuses a student outside the group's sheet and other teachers", async () => {
    const outside = await as(ctx(), teacher, { method: 'GET', url: studentUrl(ids.s6) });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(TEACHER_REPORT_MSG.studentNotInGroup);
    expect((await as(ctx(), otherTeacher, { method: 'GET', url: studentUrl(ids.s1) })).statusCode).toBe(403);
  });
});
