import { sql, type ExpressionBuilder } from 'kysely';
import {
  joinActivityAssignment,
  joinAssignmentGroup,
  joinAssignmentPeriod,
  joinAssignmentTeacher,
} from '../../db/joins.js';
import { inChunks } from '../../db/chunks.js';
import { inSubquery, onPostgres } from '../../db/in-list.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { Database, DbOrTrx } from '../../db/types.js';
import {
  careerAttributeIds,
  cohortUserIds,
  countsInCareer,
  type AssignmentSlot,
  type CohortScope,
} from '../ratings/index.js';

/*
 * What the cohort evidence and the curriculum map show besides the ratings (whose band counts per attribute, period
 * and subject are in `modules/ratings`): the cohort's size, the career's attributes, subjects and levels, and the
 * activities behind the ratings.
 */

/** The career a cohort's report (the evidence, the indices) is of: its id, key and name (undefined when there is none). */
export function findCohortCareer(db: DbOrTrx, careerId: number) {
  return db.selectFrom('careers').select(['id', 'career_key', 'name']).where('id', '=', careerId).executeTakeFirst();
}

/** The cohort's generation with the dates that bound its nine semesters (undefined when there is none). */
export function findCohortGeneration(db: DbOrTrx, generationId: number) {
  return db
    .selectFrom('generations')
    .select(['id', 'start_date', 'end_date'])
    .where('id', '=', generationId)
    .executeTakeFirst();
}

export async function countCohort(db: DbOrTrx, scope: CohortScope): Promise<number> {
  const row = await db
    .selectFrom(cohortUserIds(db, scope).distinct().as('c'))
    .select(sql<number>`cast(count(*) as bigint)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface EvidenceAttributeRow {
  id: number;
  attribute_name: string;
  codigo: string | null;
  description: string | null;
  /** An attribute with no career, counted in every career's reports. */
  shared: boolean;
}

/** The attributes the career's reports count (its own and the shared ones), in the attributes' order. */
export async function listCareerAttributes(db: DbOrTrx, careerId: number): Promise<EvidenceAttributeRow[]> {
  const rows = await db
    .selectFrom('attributes as at')
    .select(['at.id', 'at.attribute_name', 'at.codigo', 'at.description', 'at.career_id'])
    .where(countsInCareer('at.career_id', careerId))
    .$call(byAttributeOrder('at'))
    .execute();
  return rows.map(({ career_id, ...r }) => ({ ...r, shared: career_id === null }));
}

export interface EvidenceActivityRow {
  attribute_id: number;
  subject_id: number;
  activity_id: number;
  activity_name: string;
  type_activity: string | null;
  evaluation_instrument: string | null;
  ponderation: number;
  period_name: string | null;
  group_name: string | null;
  teacher_name: string;
}

/**
 * The activities behind the cohort's ratings: linked to a career attribute, weighing more than zero, in an assignment
 * where a student of the cohort has a grade on them. Ordered by period, subject name and activity name.
 *
 * They are looked for in the assignments given where the cohort has ratings (`slots`, `listCohortRatedSlots`), and
 * each candidate is checked by reading its own grades in the grade sheet's index until one of the cohort's is found
 * (on PostgreSQL a lateral `limit 1`; SQLite runs `exists` that way): a few index entries per activity, whatever the
 * size of the cohort. Joining every grade of the cohort to every activity of the career's attributes instead hashed
 * 200,000 grades at 20,000 students (bench/RESULTS.md).
 */
export async function listEvidenceActivities(
  db: DbOrTrx,
  scope: CohortScope,
  slots: readonly AssignmentSlot[],
): Promise<EvidenceActivityRow[]> {
  const assignmentIds = await assignmentsIn(db, slots);
  if (assignmentIds.length === 0) return [];
  const cohort = cohortUserIds(db, scope);
  const grades = (eb: ExpressionBuilder<Database & { a: Database['activities'] }, 'a'>) =>
    eb
      .selectFrom('user_activities as ua')
      .select('ua.id')
      .whereRef('ua.activity_id', '=', 'a.id')
      .where('ua.qualification', 'is not', null);
  const activities = db.selectFrom('activities as a');
  const ofCohort = inSubquery(db, 'ua.user_id', cohort);
  const graded = onPostgres(db)
    ? activities.innerJoinLateral(
        (eb) => grades(eb).where(ofCohort).limit(1).as('graded'),
        (join) => join.onTrue(),
      )
    : activities.where((eb) => eb.exists(grades(eb).where(ofCohort)));
  const q = graded
    .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
    .$call(joinActivityAssignment)
    .$call(joinAssignmentTeacher)
    .$call(joinAssignmentPeriod)
    .$call(joinAssignmentGroup)
    .where('a.professor_subject_id', 'in', assignmentIds)
    .where('aa.attribute_id', 'in', careerAttributeIds(db, scope.careerId))
    .where('a.ponderation', '>', 0);
  const rows = await q
    .select([
      'aa.attribute_id',
      'ps.subject_id',
      'a.id as activity_id',
      'a.activity_name',
      'a.type_activity',
      'a.evaluation_instrument',
      'a.ponderation',
      'p.period_name',
      'g.group_name',
      't.full_name as teacher_name',
    ])
    .orderBy('p.start_date')
    .orderBy('ps.period_id')
    .orderBy(esKey('g.group_name'))
    .orderBy(esKey('a.activity_name'))
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ...r, ponderation: Number(r.ponderation) }));
}

/**
 * The ids of the assignments given in these slots (subject, group and period, either of the last two possibly none):
 * the subjects' assignments from their index, matched here (an `or` of a few dozen slots cost PostgreSQL 125 ms of
 * planning).
 */
async function assignmentsIn(db: DbOrTrx, slots: readonly AssignmentSlot[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const key = (slot: AssignmentSlot) => `${slot.subject_id}:${slot.group_id}:${slot.period_id}`;
  const wanted = new Set(slots.map(key));
  const subjectIds = [...new Set(slots.map((slot) => slot.subject_id))];
  const assignments = await inChunks(subjectIds, (ids) =>
    db
      .selectFrom('professor_subjects')
      .select(['id', 'subject_id', 'group_id', 'period_id'])
      .where('subject_id', 'in', ids)
      .execute(),
  );
  return assignments.filter((ps) => wanted.has(key(ps))).map((ps) => ps.id);
}

export interface PeriodRow {
  id: number;
  period_name: string;
  start_date: string;
}

export async function listPeriodsById(db: DbOrTrx, ids: readonly number[]): Promise<PeriodRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('periods')
    .select(['id', 'period_name', 'start_date'])
    .where('id', 'in', [...ids])
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

/* ---- Curriculum map ---- */

export interface MapSubjectRow {
  subject_id: number;
  subject_key: string;
  subject_name: string;
  semester: number | null;
}

/** The career's subjects, by their lowest semester (none last), then Spanish name. */
export async function listCareerSubjects(db: DbOrTrx, careerId: number): Promise<MapSubjectRow[]> {
  const lowest = db
    .selectFrom('subject_semesters')
    .select((eb) => ['subject_id', eb.fn.min<number>('semester_id').as('semester')])
    .groupBy('subject_id');
  const rows = await db
    .selectFrom('subject_careers as sc')
    .innerJoin('subjects as s', 's.id', 'sc.subject_id')
    .leftJoin(lowest.as('sm'), 'sm.subject_id', 's.id')
    .where('sc.career_id', '=', careerId)
    .select(['s.id as subject_id', 's.subject_key', 's.subject_name', 'sm.semester'])
    .orderBy(sql`case when sm.semester is null then 1 else 0 end`)
    .orderBy('sm.semester')
    .orderBy(esKey('s.subject_name'))
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ ...r, semester: r.semester === null ? null : Number(r.semester) }));
}

export interface MapLevelRow {
  subject_id: number;
  attribute_id: number;
  knowledge_level: 'I' | 'M' | 'A';
}

/** Levels of the career's attributes (its own and the shared ones) in the career's subjects. */
export async function listCareerLevels(db: DbOrTrx, careerId: number): Promise<MapLevelRow[]> {
  return db
    .selectFrom('subject_attributes as sa')
    .innerJoin('attributes as at', 'at.id', 'sa.attribute_id')
    .innerJoin('subject_careers as sc', (j) =>
      j.onRef('sc.subject_id', '=', 'sa.subject_id').on('sc.career_id', '=', careerId),
    )
    .where(countsInCareer('at.career_id', careerId))
    .select(['sa.subject_id', 'sa.attribute_id', 'sa.knowledge_level'])
    .orderBy('sa.subject_id')
    .orderBy('sa.attribute_id')
    .execute();
}

/**
 * Per attribute of the career (its own and the shared ones), the activities of the period's assignments linked to it
 * with at least one grade.
 */
export async function countGradedActivities(
  db: DbOrTrx,
  careerId: number,
  periodId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('activities as a')
    .innerJoin('activity_attributes as aa', 'aa.activity_id', 'a.id')
    .$call(joinActivityAssignment)
    .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
    .where(countsInCareer('at.career_id', careerId))
    .where('ps.period_id', '=', periodId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_activities as ua')
          .select('ua.id')
          .whereRef('ua.activity_id', '=', 'a.id')
          .where('ua.qualification', 'is not', null),
      ),
    )
    .select(['aa.attribute_id', sql<number>`cast(count(distinct a.id) as bigint)`.as('n')])
    .groupBy('aa.attribute_id')
    .execute();
  return new Map(rows.map((r) => [r.attribute_id, Number(r.n)]));
}
