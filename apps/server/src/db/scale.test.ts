import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@egreso/domain';
import { verifyPassword } from '../lib/passwords.js';
import { listFinalGrades } from '../modules/grades/index.js';
import { listGlobalAttributeAverages } from '../modules/ratings/index.js';
import { createThrowawayPg, onPostgres } from '../test/harness.js';
import { connect, type Db } from './connect.js';
import { DEMO_ACCOUNTS } from './demo.js';
import { seedScale, type ScaleSummary } from './scale.js';

const STUDENTS = 200;
let url = '';
let database: Db;
let summary: ScaleSummary;
let cleanup: () => Promise<void> | void = () => undefined;

beforeAll(async () => {
  if (onPostgres) {
    const tmp = await createThrowawayPg();
    url = tmp.url;
    cleanup = tmp.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'egreso-scale-'));
    url = `sqlite:${join(dir, 'scale.db')}`;
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  summary = await seedScale(url, { students: STUDENTS });
  database = connect(url, { quiet: true, poolSize: 2 });
}, 240_000);

afterAll(async () => {
  await database?.close();
  await cleanup();
});

const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
  Number((await query.execute(database.db)).rows[0]!.n);

describe('scale seed', () => {
  it('builds 8 careers, 6 periods with the last active, 9 generations, 72 groups and the people', async () => {
    const db = database.db;
    expect(await count(sql`select count(*) as n from careers`)).toBe(8);
    const periods = await db
      .selectFrom('periods')
      .select(['id', 'is_active', 'status'])
      .orderBy('start_date')
      .execute();
    expect(periods.map((p) => p.is_active)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(periods.map((p) => p.status)).toEqual(['closed', 'closed', 'closed', 'closed', 'closed', 'published']);
    expect(await count(sql`select count(*) as n from generations`)).toBe(9);
    expect(await count(sql`select count(*) as n from groups`)).toBe(72);
    const roles = await db
      .selectFrom('users')
      .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('role')
      .orderBy('role')
      .execute();
    expect(roles.map((r) => [r.role, Number(r.n)])).toEqual([
      [ROLE.ADMIN, 1],
      [ROLE.CHIEF, 8],
      [ROLE.TEACHER, 16],
      [ROLE.STUDENT, STUDENTS],
    ]);
    expect(summary.counts.users).toBe(1 + 8 + 16 + STUDENTS);
    expect(summary.counts.professor_subjects).toBe(2496);
    expect(summary.counts.activities).toBe(2496 * 20);
  });

  it('places every student in one group of their career and current semester, one generation and one career', async () => {
    expect(
      await count(sql`
      select count(*) as n from users u
      where u.role = 3 and (
        (select count(*) from user_groups g where g.user_id = u.id) <> 1
        or (select count(*) from user_generations g where g.user_id = u.id) <> 1
        or (select count(*) from user_careers c where c.user_id = u.id) <> 1
        or not exists (
          select 1 from user_groups ug
          join groups g on g.id = ug.group_id
          join user_generations gen on gen.user_id = ug.user_id and gen.current_semester_id = g.semester_id
          where ug.user_id = u.id))`),
    ).toBe(0);
  });

  it('puts every grade in an assignment the student is enrolled in, of their career and their semester in that period', async () => {
    // Period ids run 1-6, oldest first: in period p a student now in semester s was in semester s - (6 - p).
    expect(
      await count(sql`
      select count(*) as n from user_activities ua
      join activities a on a.id = ua.activity_id
      join professor_subjects ps on ps.id = a.professor_subject_id
      join groups g on g.id = ps.group_id
      join user_generations gen on gen.user_id = ua.user_id
      join user_careers uc on uc.user_id = ua.user_id
      where ps.career_id <> uc.career_id
        or g.semester_id <> gen.current_semester_id - (6 - ps.period_id)
        or not exists (select 1 from enrolments e where e.user_id = ua.user_id and e.subject_id = ps.subject_id
                         and e.period_id = ps.period_id and e.semester_id = g.semester_id)`),
    ).toBe(0);
    // In the active period that group is the student's current group.
    expect(
      await count(sql`
      select count(*) as n from user_activities ua
      join activities a on a.id = ua.activity_id
      join professor_subjects ps on ps.id = a.professor_subject_id
      where ps.period_id = 6
        and not exists (select 1 from user_groups ug where ug.user_id = ua.user_id and ug.group_id = ps.group_id)`),
    ).toBe(0);
  });

  it('grades every enrolled student on each of the 20 activities of their assignment, ponderations adding to 100', async () => {
    const expected = await count(sql`
      select count(*) as n from enrolments e
      join user_careers uc on uc.user_id = e.user_id
      join professor_subjects ps on ps.subject_id = e.subject_id and ps.period_id = e.period_id and ps.career_id = uc.career_id
      join activities a on a.professor_subject_id = ps.id`);
    expect(await count(sql`select count(*) as n from user_activities`)).toBe(expected);
    expect(summary.counts.user_activities).toBe(expected);
    expect(
      await count(sql`
      select count(*) as n from (select professor_subject_id, count(*) as c, sum(ponderation) as w from activities group by professor_subject_id) x
      where c <> 20 or w <> 100`),
    ).toBe(0);
    // Past periods are graded (a few missed activities); the active one only up to its 12th activity.
    const graded = await database.db
      .selectFrom('user_activities as ua')
      .innerJoin('activities as a', 'a.id', 'ua.activity_id')
      .innerJoin('professor_subjects as ps', 'ps.id', 'a.professor_subject_id')
      .select([
        sql<number>`sum(case when ps.period_id < 6 and ua.qualification is not null then 1 else 0 end)`.as(
          'past_graded',
        ),
        sql<number>`sum(case when ps.period_id < 6 then 1 else 0 end)`.as('past'),
        sql<number>`sum(case when ps.period_id = 6 and ua.qualification is not null then 1 else 0 end)`.as(
          'active_graded',
        ),
        sql<number>`sum(case when ps.period_id = 6 then 1 else 0 end)`.as('active'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(graded.past_graded) / Number(graded.past)).toBeGreaterThan(0.97);
    expect(Number(graded.active_graded) / Number(graded.active)).toBeGreaterThan(0.55);
    expect(Number(graded.active_graded) / Number(graded.active)).toBeLessThan(0.6);
  });

  it("links each activity only to attributes of its subject and of its assignment's career", async () => {
    expect(
      await count(sql`
      select count(*) as n from activity_attributes aa
      join activities a on a.id = aa.activity_id
      join professor_subjects ps on ps.id = a.professor_subject_id
      join attributes at on at.id = aa.attribute_id
      where at.career_id <> ps.career_id
        or not exists (select 1 from subject_attributes sa where sa.subject_id = ps.subject_id and sa.attribute_id = aa.attribute_id)`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from activities a where not exists (select 1 from activity_attributes aa where aa.activity_id = a.id)`,
      ),
    ).toBe(0);
  });

  it('keeps the demo accounts with their passwords and leaves ids free for new rows', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await database.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(user.password_hash, account.password), account.email).toBe(true);
    }
    const now = new Date().toISOString();
    const created = await database.db
      .insertInto('careers')
      .values({ career_key: 'NUEVA', name: 'Carrera nueva', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(created.id).toBe(9);
    await database.db.deleteFrom('careers').where('id', '=', created.id).execute();
  });

  it('feeds the aggregates: a group gets final grades, the demo student global averages', async () => {
    const assignment = await database.db
      .selectFrom('professor_subjects')
      .select('id')
      .where('period_id', '=', 6)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const finals = await listFinalGrades(database.db, assignment.id);
    expect(finals.length).toBeGreaterThan(0);
    for (const f of finals) expect(f.final_grade === null || (f.final_grade >= 0 && f.final_grade <= 100)).toBe(true);
    const student = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.student.email)
      .executeTakeFirstOrThrow();
    expect((await listGlobalAttributeAverages(database.db, { userIds: [student.id] })).length).toBeGreaterThan(0);
  });

  it('refuses a database that already has people', async () => {
    await expect(seedScale(url, { students: STUDENTS })).rejects.toThrow(/fresh database/);
  });
});
