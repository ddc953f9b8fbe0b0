import { sql, type RawBuilder } from 'kysely';
import { STUDENT_STATUS } from '@egreso/domain';
import { joinAssignmentSubject } from '../../db/joins.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';
import { selectFinalGrades } from '../grades/index.js';
import { cohortUserIds, countsInCareer, type CohortScope } from '../ratings/index.js';

/*
 * School performance indices (CACEI 4.3) of a cohort, in SQL on both databases. A student's status at an instant is
 * the one their latest recorded change before it left; with no change before it, the `from` of their first later
 * change; with no change at all, their current status (changes before the history began were never dated).
 */

export interface IndexPeriodRow {
  id: number;
  period_name: string;
  start_date: string;
}

/** The periods that start within the generation's nine semesters, up to the active period (all of them without one). */
export async function listCohortPeriods(
  db: DbOrTrx,
  generation: { start_date: string; end_date: string },
): Promise<IndexPeriodRow[]> {
  return db
    .selectFrom('periods as p')
    .select(['p.id', 'p.period_name', 'p.start_date'])
    .where('p.start_date', '>=', generation.start_date)
    .where('p.start_date', '<=', generation.end_date)
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('periods as ap').select('ap.id').where('ap.is_active', '=', 1))),
        eb(
          'p.start_date',
          '<=',
          eb.selectFrom('periods as ap').select('ap.start_date').where('ap.is_active', '=', 1).limit(1),
        ),
      ]),
    )
    .orderBy('p.start_date')
    .orderBy('p.id')
    .execute();
}

/** Per period, how the cohort's students went through it (DESIGN §3): each counted by their status at its two ends. */
export interface PeriodFlowRow {
  /** Activo when the period started. */
  at_start: number;
  /** Activo when it ended. */
  at_end: number;
  /** Activo at the start, Baja at the end: a Baja undone within the period is none. */
  dropouts: number;
  /** Activo at the start, Graduado at the end. */
  graduations: number;
}

/**
 * A student's status before an instant `x` (a 'YYYY-MM-DD' bound): the `to_active` of their latest change before it,
 * else the `from_active` of their first change after it (-1, not in the cohort yet, for a link created then), else
 * their current status. A change belongs to the period it was recorded in (it happened at that period's start for
 * this count); one with no period, to its own instant.
 */
function statusBefore(x: RawBuilder<string>) {
  const key = sql`coalesce(cp.start_date, sc.changed_at)`;
  const changes = sql`from status_changes sc left join periods cp on cp.id = sc.period_id
    where sc.user_id = ug.user_id and sc.generation_id = ug.generation_id`;
  return sql<number>`coalesce(
    (select sc.to_active ${changes} and ${key} < ${x} order by ${key} desc, sc.changed_at desc, sc.id desc limit 1),
    (select coalesce(sc.from_active, -1) ${changes} and ${key} >= ${x} order by ${key}, sc.changed_at, sc.id limit 1),
    ug.active)`;
}

/**
 * Per period, the cohort's students Activo at its start and at its end, the dropouts and the graduations. A period
 * ends where the next one (of every period) starts, so the end of one is the start of the next; the latest has no end.
 */
export async function countPeriodFlows(
  db: DbOrTrx,
  scope: CohortScope,
  periodIds: readonly number[],
): Promise<Map<number, PeriodFlowRow>> {
  if (!periodIds.length) return new Map();
  const nextStart = sql<string>`coalesce((select min(np.start_date) from periods np where np.start_date > p.start_date), '9999-12-31')`;
  const statuses = db
    .selectFrom('periods as p')
    .innerJoin('user_generations as ug', (j) => j.onTrue())
    .where('p.id', 'in', [...periodIds])
    .where('ug.generation_id', '=', scope.generationId)
    .where('ug.user_id', 'in', cohortUserIds(db, scope))
    .select(['p.id', statusBefore(sql`p.start_date`).as('s0'), statusBefore(nextStart).as('s1')]);
  const count = (condition: RawBuilder<unknown>) =>
    sql<number>`cast(sum(case when ${condition} then 1 else 0 end) as bigint)`;
  const { ACTIVO, BAJA, GRADUADO } = STUDENT_STATUS;
  const rows = await db
    .selectFrom(statuses.as('x'))
    .select([
      'x.id',
      count(sql`x.s0 = ${ACTIVO}`).as('at_start'),
      count(sql`x.s1 = ${ACTIVO}`).as('at_end'),
      count(sql`x.s0 = ${ACTIVO} and x.s1 = ${BAJA}`).as('dropouts'),
      count(sql`x.s0 = ${ACTIVO} and x.s1 = ${GRADUADO}`).as('graduations'),
    ])
    .groupBy('x.id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        at_start: Number(r.at_start),
        at_end: Number(r.at_end),
        dropouts: Number(r.dropouts),
        graduations: Number(r.graduations),
      },
    ]),
  );
}

/**
 * The cohort's students who are Graduado and reached it by the end of the nine semesters (the generation's end date);
 * a graduate with no recorded change graduated before the history and is counted.
 */
export async function countGraduatedInTerm(db: DbOrTrx, scope: CohortScope, endDate: string): Promise<number> {
  const row = await db
    .selectFrom('user_generations as ug')
    .where('ug.generation_id', '=', scope.generationId)
    .where('ug.user_id', 'in', cohortUserIds(db, scope))
    .where('ug.active', '=', STUDENT_STATUS.GRADUADO)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('status_changes as sc')
            .select('sc.id')
            .whereRef('sc.user_id', '=', 'ug.user_id')
            .whereRef('sc.generation_id', '=', 'ug.generation_id')
            .where('sc.to_active', '=', STUDENT_STATUS.GRADUADO)
            .where('sc.changed_at', '>', `${endDate}T23:59:59.999Z`),
        ),
      ),
    )
    .select(sql<number>`cast(count(distinct ug.user_id) as bigint)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SubjectFailureRow {
  period_id: number;
  subject_id: number;
  subject_key: string;
  subject_name: string;
  with_final: number;
  failed: number;
}

/**
 * Per period and subject, the cohort's finals (DESIGN §3) in that period's assignments: how many students have one and
 * how many are under 70 (on the one decimal). Each period's subjects come by failure rate, highest first, then name.
 */
export async function listSubjectFailures(
  db: DbOrTrx,
  scope: CohortScope,
  periodIds: readonly number[],
): Promise<SubjectFailureRow[]> {
  if (!periodIds.length) return [];
  const finals = selectFinalGrades(db, {}).where('ua.user_id', 'in', cohortUserIds(db, scope)).as('f');
  const withFinal = sql<number>`cast(count(*) as bigint)`;
  const failed = sql<number>`cast(sum(case when f.final_tenths < 700 then 1 else 0 end) as bigint)`;
  const rows = await db
    .selectFrom(finals)
    .innerJoin('professor_subjects as ps', 'ps.id', 'f.professor_subject_id')
    .$call(joinAssignmentSubject)
    .where('ps.period_id', 'in', [...periodIds])
    .where('f.final_tenths', 'is not', null)
    .select([
      'ps.period_id',
      's.id as subject_id',
      's.subject_key',
      's.subject_name',
      withFinal.as('with_final'),
      failed.as('failed'),
    ])
    .groupBy(['ps.period_id', 's.id', 's.subject_key', 's.subject_name'])
    .orderBy('ps.period_id')
    .orderBy(sql`${failed} * 1.0 / ${withFinal}`, 'desc')
    .orderBy(esKey('s.subject_name'))
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    period_id: r.period_id!,
    with_final: Number(r.with_final),
    failed: Number(r.failed),
  }));
}

/**
 * The attributes of the career (its own and the shared ones) each subject works (its subject_attributes), for linking
 * failures to ratings.
 */
export async function listSubjectCareerAttributes(db: DbOrTrx, careerId: number, subjectIds: readonly number[]) {
  if (!subjectIds.length) return [];
  return db
    .selectFrom('subject_attributes as sa')
    .innerJoin('attributes as at', 'at.id', 'sa.attribute_id')
    .where('sa.subject_id', 'in', [...subjectIds])
    .where(countsInCareer('at.career_id', careerId))
    .select([
      'sa.subject_id',
      'sa.attribute_id',
      'at.attribute_name',
      'at.codigo',
      'at.career_id as attribute_career_id',
    ])
    .orderBy('sa.subject_id')
    .$call(byAttributeOrder('at'))
    .execute();
}
