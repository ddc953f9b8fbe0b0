import { sql } from 'kysely';
import { ROLE, type ImprovementStatus } from '@egreso/domain';
import { inChunks } from '../../db/chunks.js';
import { joinAssignmentTeacher } from '../../db/joins.js';
import { rowWith } from '../../db/lookups.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx, ImprovementActionsTable } from '../../db/types.js';
import { countsInCareer } from '../ratings/index.js';
import type { Insertable } from 'kysely';

/** Who reads the list: every action (administrator), the actions of some careers (chief), or of some teacher's subjects. */
export type ActionReader = { kind: 'all' } | { kind: 'chief'; userId: number } | { kind: 'teacher'; userId: number };

export interface ActionFilter {
  careerId?: number;
  generationId?: number;
  attributeId?: number;
  periodId?: number;
  status?: ImprovementStatus;
  id?: number;
}

/** Actions with the names of their career, generation, attribute and periods, ordered by generation, attribute, period. */
export async function listActionRows(db: DbOrTrx, reader: ActionReader, filter: ActionFilter) {
  let q = db
    .selectFrom('improvement_actions as ia')
    .innerJoin('careers as c', 'c.id', 'ia.career_id')
    .innerJoin('generations as g', 'g.id', 'ia.generation_id')
    .innerJoin('attributes as at', 'at.id', 'ia.attribute_id')
    .innerJoin('periods as fp', 'fp.id', 'ia.finding_period_id')
    .innerJoin('periods as p', 'p.id', 'ia.period_id')
    .leftJoin('users as vb', 'vb.id', 'ia.verdict_by')
    .leftJoin('users as cb', 'cb.id', 'ia.created_by')
    .selectAll('ia')
    .select([
      'c.name as career_name',
      'g.start_date as generation_start',
      'g.end_date as generation_end',
      'at.attribute_name',
      'at.codigo',
      'at.career_id as attribute_career_id',
      'fp.period_name as finding_period_name',
      'fp.start_date as finding_period_start',
      'p.period_name',
      'p.start_date as period_start',
      'vb.full_name as verdict_by_name',
      'cb.full_name as created_by_name',
    ]);
  if (reader.kind === 'chief') {
    q = q.where('ia.career_id', 'in', (eb) =>
      eb.selectFrom('user_careers').select('career_id').where('user_id', '=', reader.userId),
    );
  } else if (reader.kind === 'teacher') {
    q = q.where('ia.id', 'in', (eb) =>
      eb.selectFrom('improvement_action_subjects').select('action_id').where('teacher_id', '=', reader.userId),
    );
  }
  if (filter.id !== undefined) q = q.where('ia.id', '=', filter.id);
  if (filter.careerId !== undefined) q = q.where('ia.career_id', '=', filter.careerId);
  if (filter.generationId !== undefined) q = q.where('ia.generation_id', '=', filter.generationId);
  if (filter.attributeId !== undefined) q = q.where('ia.attribute_id', '=', filter.attributeId);
  if (filter.periodId !== undefined) q = q.where('ia.period_id', '=', filter.periodId);
  if (filter.status !== undefined) q = q.where('ia.status', '=', filter.status);
  return q
    .orderBy(esKey('c.name'))
    .orderBy('g.start_date')
    .$call(byAttributeOrder('at'))
    .orderBy('p.start_date')
    .orderBy('ia.id')
    .execute();
}
export type ActionRow = Awaited<ReturnType<typeof listActionRows>>[number];

/** The subjects of the actions with their recorded teachers, by subject name. */
export async function listActionSubjects(db: DbOrTrx, actionIds: readonly number[]) {
  return inChunks([...actionIds], (ids) =>
    db
      .selectFrom('improvement_action_subjects as ias')
      .innerJoin('subjects as s', 's.id', 'ias.subject_id')
      .where('ias.action_id', 'in', ids)
      .select([
        'ias.action_id',
        'ias.subject_id',
        's.subject_key',
        's.subject_name',
        'ias.teacher_id',
        'ias.teacher_name',
      ])
      .orderBy('ias.action_id')
      .orderBy(esKey('s.subject_name'))
      .orderBy('ias.subject_id')
      .orderBy(esKey('ias.teacher_name'))
      .execute(),
  );
}

/** The follow-ups of the actions, oldest first. */
export async function listActionFollowups(db: DbOrTrx, actionIds: readonly number[]) {
  return inChunks([...actionIds], (ids) =>
    db
      .selectFrom('improvement_action_followups')
      .where('action_id', 'in', ids)
      .select(['id', 'action_id', 'followup_date', 'text', 'author_id', 'author_name', 'created_at'])
      .orderBy('action_id')
      .orderBy('followup_date')
      .orderBy('id')
      .execute(),
  );
}

export async function findAction(db: DbOrTrx, id: number) {
  return db
    .selectFrom('improvement_actions')
    .select([
      'id',
      'career_id',
      'generation_id',
      'attribute_id',
      'finding_period_id',
      'period_id',
      'expected_share',
      'status',
      'verdict_note',
      'verdict_by',
      'verdict_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPeriod(db: DbOrTrx, id: number) {
  return db.selectFrom('periods').select(['id', 'period_name', 'start_date']).where('id', '=', id).executeTakeFirst();
}

/** Ids, among those given, of subjects not linked to the career. */
export async function listForeignSubjects(
  db: DbOrTrx,
  careerId: number,
  subjectIds: readonly number[],
): Promise<number[]> {
  if (!subjectIds.length) return [];
  const own = new Set(
    (
      await db
        .selectFrom('subject_careers')
        .select('subject_id')
        .where('career_id', '=', careerId)
        .where('subject_id', 'in', [...subjectIds])
        .execute()
    ).map((r) => r.subject_id),
  );
  return subjectIds.filter((id) => !own.has(id));
}

/**
 * The teachers of each subject at the moment: those of its assignments in the career (or without a career) in the
 * latest period, up to the given one, in which it has assignments.
 */
export async function listSubjectTeachers(
  db: DbOrTrx,
  careerId: number,
  subjectIds: readonly number[],
  period: { id: number; start_date: string },
) {
  if (!subjectIds.length) return [];
  const inCareer = (alias: 'ps' | 'ps2') =>
    sql<boolean>`(${sql.ref(`${alias}.career_id`)} is null or ${sql.ref(`${alias}.career_id`)} = ${careerId})`;
  return db
    .selectFrom('professor_subjects as ps')
    .$call(joinAssignmentTeacher)
    .where('ps.subject_id', 'in', [...subjectIds])
    .where(inCareer('ps'))
    .where('t.role', '=', ROLE.TEACHER)
    .where('ps.period_id', '=', (eb) =>
      eb
        .selectFrom('professor_subjects as ps2')
        .innerJoin('periods as p2', 'p2.id', 'ps2.period_id')
        .select('p2.id')
        .whereRef('ps2.subject_id', '=', 'ps.subject_id')
        .where(inCareer('ps2'))
        .where((w) =>
          w.or([
            w('p2.start_date', '<', period.start_date),
            w.and([w('p2.start_date', '=', period.start_date), w('p2.id', '<=', period.id)]),
          ]),
        )
        .orderBy('p2.start_date', 'desc')
        .orderBy('p2.id', 'desc')
        .limit(1),
    )
    .select(['ps.subject_id', 't.id as teacher_id', 't.full_name as teacher_name'])
    .distinct()
    .execute();
}

export async function insertAction(db: DbOrTrx, row: Insertable<ImprovementActionsTable>): Promise<number> {
  const inserted = await db.insertInto('improvement_actions').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateAction(
  db: DbOrTrx,
  id: number,
  fields: Pick<
    ImprovementActionsTable,
    | 'period_id'
    | 'cause'
    | 'action'
    | 'expected_share'
    | 'status'
    | 'verdict_note'
    | 'verdict_by'
    | 'verdict_at'
    | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('improvement_actions').set(fields).where('id', '=', id).execute();
}

export async function deleteAction(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('improvement_actions').where('id', '=', id).execute();
}

/** The subjects an action keeps (with the teachers recorded when each was added). */
export async function listActionSubjectIds(db: DbOrTrx, actionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('improvement_action_subjects')
    .select('subject_id')
    .distinct()
    .where('action_id', '=', actionId)
    .execute();
  return rows.map((r) => r.subject_id);
}

export async function deleteActionSubjects(
  db: DbOrTrx,
  actionId: number,
  subjectIds: readonly number[],
): Promise<void> {
  if (!subjectIds.length) return;
  await db
    .deleteFrom('improvement_action_subjects')
    .where('action_id', '=', actionId)
    .where('subject_id', 'in', [...subjectIds])
    .execute();
}

export async function insertActionSubjects(
  db: DbOrTrx,
  rows: ReadonlyArray<{
    action_id: number;
    subject_id: number;
    teacher_id: number | null;
    teacher_name: string | null;
  }>,
): Promise<void> {
  if (rows.length)
    await db
      .insertInto('improvement_action_subjects')
      .values([...rows])
      .execute();
}

/** Whether the attribute exists and counts in the career's reports (its own, or shared: no career). */
export async function isCareerAttribute(db: DbOrTrx, attributeId: number, careerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('attributes')
    .select('id')
    .where('id', '=', attributeId)
    .where(countsInCareer('career_id', careerId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user is recorded as a teacher of one of the action's subjects. */
export function isActionTeacher(db: DbOrTrx, actionId: number, userId: number): Promise<boolean> {
  return rowWith(db, 'improvement_action_subjects', { action_id: actionId, teacher_id: userId });
}

export async function insertFollowup(
  db: DbOrTrx,
  row: {
    action_id: number;
    followup_date: string;
    text: string;
    author_id: number;
    author_name: string;
    created_at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('improvement_action_followups')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
