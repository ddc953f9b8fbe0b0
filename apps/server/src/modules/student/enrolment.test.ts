import { ENROLMENT_MSG, ROLE } from '@egreso/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/time.js';
import {
  addStudentToGroup,
  makeActivity,
  makeAssignment,
  makeGroup,
  makePeriod,
  makeSubject,
  makeTeacher,
} from '../../test/factories.js';
import { as, createUser, useTestApp, type TestContext, type TestUser } from '../../test/harness.js';

const ctx = useTestApp();

/** Makes a new period the only active one. */
async function activate(c: TestContext, values: { start_date?: string; status?: 'published' | 'closed' } = {}) {
  await c.database.db.updateTable('periods').set({ is_active: 0 }).execute();
  return makePeriod(c, {
    start_date: values.start_date ?? '2031-01-20',
    end_date: '2031-12-10',
    status: values.status ?? 'published',
    is_active: 1,
  });
}

async function setPolicy(
  c: TestContext,
  mode: string,
  fallback = 'any',
  odd: number[] = [8, 9],
  even: number[] = [2, 3],
) {
  await c.database.db
    .updateTable('group_policy')
    .set({ mode, fallback, odd_months: JSON.stringify(odd), even_months: JSON.stringify(even), updated_at: nowIso() })
    .execute();
}

async function available(student: TestUser, semester: number, extra = '') {
  const res = await as(ctx(), student, {
    method: 'GET',
    url: `/api/alumno/materias-disponibles?user_id=${student.id}&semester_id=${semester}${extra}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: number;
    subject_name: string;
    inscrita: boolean;
    bloqueada: boolean;
    motivo_bloqueo: string | null;
  }>;
}

const statusOf = (list: Awaited<ReturnType<typeof available>>, id: number) => {
  const s = list.find((x) => x.id === id);
  if (!s) throw new Error(`subject ${id} not offered`);
  return s.bloqueada ? s.motivo_bloqueo : s.inscrita ? 'inscrita' : 'libre';
};

function enrol(student: TestUser, subjectId: number, semester: number, extra: Record<string, unknown> = {}) {
  return as(ctx(), student, {
    method: 'POST',
    url: '/api/alumno/inscribir',
    payload: { user_id: student.id, subject_id: subjectId, semester_id: semester, ...extra },
  });
}

describe('availability: the period', () => {
  beforeEach(async () => setPolicy(ctx(), 'any'));

  it('blocks every subject when no period is active, and enrolling answers 409 with that reason', async () => {
    await ctx().database.db.updateTable('periods').set({ is_active: 0 }).execute();
    const subject = await makeSubject(ctx(), { semesters: [7] });
    const student = await addStudentToGroup(ctx());
    expect(statusOf(await available(student, 7), subject.id)).toBe(ENROLMENT_MSG.noActivePeriod);
    const res = await enrol(student, subject.id, 7);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ENROLMENT_MSG.noActivePeriod);
  });

  it('blocks every subject when the active period is closed', async () => {
    await activate(ctx(), { status: 'closed' });
    const subject = await makeSubject(ctx(), { semesters: [7] });
    const student = await addStudentToGroup(ctx());
    expect(statusOf(await available(student, 7), subject.id)).toBe(ENROLMENT_MSG.periodClosed);
    expect((await enrol(student, subject.id, 7)).json().message).toBe(ENROLMENT_MSG.periodClosed);
  });
});

describe('availability: prerequisites', () => {
  it('blocks until the student has a final of 70 or more in an assignment of an earlier period', async () => {
    await setPolicy(ctx(), 'any');
    const active = await activate(ctx(), { start_date: '2032-01-15' });
    const earlier = await makePeriod(ctx(), { start_date: '2031-08-01', end_date: '2031-12-01' });
    const base = await makeSubject(ctx(), { subject_name: 'Cálculo Básico', semesters: [1] });
    const next = await makeSubject(ctx(), {
      subject_name: 'Cálculo Avanzado',
      semesters: [2],
      prerequisites: [base.id],
    });
    const teacher = await makeTeacher(ctx());
    const student = await addStudentToGroup(ctx());
    expect(statusOf(await available(student, 2), next.id)).toBe('Falta aprobar el prerrequisito: Cálculo Básico.');

    const grade = async (periodId: number, qualification: number) => {
      const assignment = await makeAssignment(ctx(), { user_id: teacher.id, subject_id: base.id, period_id: periodId });
      const activity = await makeActivity(ctx(), assignment.id);
      await ctx()
        .database.db.insertInto('user_activities')
        .values({
          user_id: student.id,
          activity_id: activity.id,
          qualification,
          updated_by: teacher.id,
          updated_at: nowIso(),
        })
        .execute();
    };
    await grade(earlier.id, 69.9);
    expect(statusOf(await available(student, 2), next.id)).toBe('Falta aprobar el prerrequisito: Cálculo Básico.');
    // A pass in the active period itself is not an earlier assignment.
    await grade(active.id, 95);
    expect(statusOf(await available(student, 2), next.id)).toBe('Falta aprobar el prerrequisito: Cálculo Básico.');
    expect((await enrol(student, next.id, 2)).json().message).toBe('Falta aprobar el prerrequisito: Cálculo Básico.');
    await grade(earlier.id, 70);
    expect(statusOf(await available(student, 2), next.id)).toBe('libre');
    expect((await enrol(student, next.id, 2)).statusCode).toBe(201);
  });
});

describe('availability: the group policy', () => {
  it('any offers every semester', async () => {
    await setPolicy(ctx(), 'any');
    await activate(ctx(), { start_date: '2031-08-10' });
    const even = await makeSubject(ctx(), { semesters: [4] });
    const student = await addStudentToGroup(ctx());
    expect(statusOf(await available(student, 4), even.id)).toBe('libre');
  });

  it('parity_by_month: odd months offer odd semesters, even months even ones, other months follow the fallback', async () => {
    const odd = await makeSubject(ctx(), { semesters: [3] });
    const even = await makeSubject(ctx(), { semesters: [4] });
    const student = await addStudentToGroup(ctx());
    const verdicts = async () => [
      statusOf(await available(student, 3), odd.id),
      statusOf(await available(student, 4), even.id),
    ];

    await setPolicy(ctx(), 'parity_by_month', 'any', [8, 9], [2, 3]);
    await activate(ctx(), { start_date: '2031-08-10' });
    expect(await verdicts()).toEqual(['libre', ENROLMENT_MSG.policyOdd]);
    expect((await enrol(student, even.id, 4)).json().message).toBe(ENROLMENT_MSG.policyOdd);
    await activate(ctx(), { start_date: '2032-02-01' });
    expect(await verdicts()).toEqual([ENROLMENT_MSG.policyEven, 'libre']);
    await activate(ctx(), { start_date: '2032-05-01' });
    expect(await verdicts()).toEqual(['libre', 'libre']);
    await setPolicy(ctx(), 'parity_by_month', 'odd', [8, 9], [2, 3]);
    expect(await verdicts()).toEqual(['libre', ENROLMENT_MSG.policyOdd]);
    await setPolicy(ctx(), 'parity_by_month', 'even', [8, 9], [2, 3]);
    expect(await verdicts()).toEqual([ENROLMENT_MSG.policyEven, 'libre']);
  });

  it('parity offers a subject to a group only when one of its semesters has the parity of the group semester', async () => {
    await setPolicy(ctx(), 'parity');
    await activate(ctx());
    const group = await makeGroup(ctx(), { semester_id: 5 });
    const student = await addStudentToGroup(ctx(), group.id);
    const onlyEven = await makeSubject(ctx(), { semesters: [4] });
    const both = await makeSubject(ctx(), { semesters: [4, 5] });
    const list = await available(student, 4, `&group_id=${group.id}`);
    expect(statusOf(list, onlyEven.id)).toBe(ENROLMENT_MSG.policyParity);
    expect(statusOf(list, both.id)).toBe('libre');
    expect((await enrol(student, onlyEven.id, 4, { group_id: group.id })).json().message).toBe(
      ENROLMENT_MSG.policyParity,
    );
    expect((await enrol(student, both.id, 4, { group_id: group.id })).statusCode).toBe(201);
    // A group that is not the student's is refused.
    const foreign = await makeGroup(ctx(), { semester_id: 4 });
    const res = await as(ctx(), student, {
      method: 'GET',
      url: `/api/alumno/materias-disponibles?user_id=${student.id}&semester_id=4&group_id=${foreign.id}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.group_id).toEqual([ENROLMENT_MSG.groupNotYours]);
  });
});

describe('enrolment', () => {
  it('enrols once: the list shows it as enrolled and a second request answers 409', async () => {
    await setPolicy(ctx(), 'any');
    const period = await activate(ctx());
    const a = await makeSubject(ctx(), { subject_name: 'Ética', semesters: [6] });
    const b = await makeSubject(ctx(), { subject_name: 'Álgebra', semesters: [6] });
    const student = await addStudentToGroup(ctx());
    const res = await enrol(student, a.id, 6, { period_id: period.id, status_id: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: ENROLMENT_MSG.saved,
      enrolment: { subject_id: a.id, semester_id: 6, period_id: period.id },
    });
    const again = await enrol(student, a.id, 6);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ENROLMENT_MSG.alreadyEnrolled);
    expect(statusOf(await available(student, 6), a.id)).toBe('inscrita');
    // Spanish order: Álgebra before Ética.
    expect((await available(student, 6)).map((s) => s.id)).toEqual([b.id, a.id]);
    const enrolled = await as(ctx(), student, {
      method: 'GET',
      url: `/api/alumno/materias-inscritas?user_id=${student.id}&semester_id=6`,
    });
    expect(enrolled.json().map((e: { subject_id: number }) => e.subject_id)).toEqual([a.id]);
  });

  it('refuses a subject the semester does not offer, and a period that is not the active one', async () => {
    await setPolicy(ctx(), 'any');
    await activate(ctx());
    const other = await makePeriod(ctx());
    const subject = await makeSubject(ctx(), { semesters: [6] });
    const student = await addStudentToGroup(ctx());
    const wrong = await enrol(student, subject.id, 5);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.subject_id).toEqual([ENROLMENT_MSG.notOffered]);
    const stale = await enrol(student, subject.id, 6, { period_id: other.id });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors.period_id).toEqual([ENROLMENT_MSG.notActivePeriod]);
    const rows = await ctx()
      .database.db.selectFrom('enrolments')
      .where('user_id', '=', student.id)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('two simultaneous requests for the same subject create one enrolment', async () => {
    await setPolicy(ctx(), 'any');
    await activate(ctx());
    const subject = await makeSubject(ctx(), { semesters: [8] });
    const student = await addStudentToGroup(ctx());
    const answers = await Promise.all(Array.from({ length: 4 }, () => enrol(student, subject.id, 8)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(ENROLMENT_MSG.alreadyEnrolled);
    const rows = await ctx()
      .database.db.selectFrom('enrolments')
      .where('user_id', '=', student.id)
      .where('subject_id', '=', subject.id)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('only the student enrols themself', async () => {
    await setPolicy(ctx(), 'any');
    await activate(ctx());
    const subject = await makeSubject(ctx(), { semesters: [8] });
    const student = await addStudentToGroup(ctx());
    const other = await addStudentToGroup(ctx());
    for (const actor of [
      other,
      await createUser(ctx(), ROLE.CHIEF),
      await createUser(ctx(), ROLE.ADMIN),
      await createUser(ctx(), ROLE.TEACHER),
    ]) {
      expect(
        (
          await as(ctx(), actor, {
            method: 'POST',
            url: '/api/alumno/inscribir',
            payload: { user_id: student.id, subject_id: subject.id, semester_id: 8 },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await as(ctx(), null, {
          method: 'POST',
          url: '/api/alumno/inscribir',
          payload: { user_id: student.id, subject_id: subject.id, semester_id: 8 },
        })
      ).statusCode,
    ).toBe(401);
  });
});
