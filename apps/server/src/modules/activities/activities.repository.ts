import type { Activity, CareerScope } from '@egreso/domain';
import { careerColumnInScope } from '../../db/career-scope.js';
import { joinActivityAssignment, joinAssignmentGroup, joinAssignmentSubject } from '../../db/joins.js';
import { byAttributeOrder } from '../../db/spanish.js';
import type { DbOrTrx } from '../../db/types.js';

export interface ActivityFilter {
  ids?: number[];
  professorSubjectIds?: number[];
  userId?: number;
  subjectId?: number;
  groupId?: number;
  periodId?: number;
  careerId?: number;
  /** The careers the reader acts on (DESIGN §5): a chief's list holds their careers' assignments only. */
  scope?: CareerScope;
}

/** Activities with their subject, group and linked attributes (two queries for the whole list), oldest first. */
export async function listActivities(db: DbOrTrx, filter: ActivityFilter): Promise<Activity[]> {
  if (filter.ids?.length === 0 || filter.professorSubjectIds?.length === 0) return [];
  const rows = await selectActivityRows(db, filter);
  const byActivity = await attributesByActivity(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const attributes = byActivity.get(r.id) ?? [];
    return {
      id: r.id,
      professor_subject_id: r.professor_subject_id,
      activity_name: r.activity_name,
      type_activity: r.type_activity,
      evaluation_instrument: r.evaluation_instrument,
      ponderation: Number(r.ponderation),
      attribute_ids: attributes.map((a) => a.id),
      attributes,
      subject: { id: r.subject_id, subject_name: r.subject_name },
      group: r.group_id === null ? null : { id: r.group_id, group_name: r.group_name ?? '' },
      period_id: r.period_id,
      career_id: r.career_id,
      graded_count: Number(r.graded_count ?? 0),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

/** The rows of the activities matching the filter, with their assignment's subject and group, oldest first. */
function selectActivityRows(db: DbOrTrx, filter: ActivityFilter) {
  let q = db
    .selectFrom('activities as a')
    .$call(joinActivityAssignment)
    .$call(joinAssignmentSubject)
    .$call(joinAssignmentGroup)
    .select((eb) => [
      'a.id',
      'a.professor_subject_id',
      'a.activity_name',
      'a.type_activity',
      'a.evaluation_instrument',
      'a.ponderation',
      'a.created_at',
      'a.updated_at',
      'ps.subject_id',
      's.subject_name',
      'ps.group_id',
      'g.group_name',
      'ps.period_id',
      'ps.career_id',
      eb
        .selectFrom('user_activities as ua')
        .whereRef('ua.activity_id', '=', 'a.id')
        .where('ua.qualification', 'is not', null)
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('graded_count'),
    ]);
  if (filter.ids) q = q.where('a.id', 'in', filter.ids);
  if (filter.professorSubjectIds) q = q.where('a.professor_subject_id', 'in', filter.professorSubjectIds);
  if (filter.userId !== undefined) q = q.where('ps.user_id', '=', filter.userId);
  if (filter.subjectId !== undefined) q = q.where('ps.subject_id', '=', filter.subjectId);
  if (filter.groupId !== undefined) q = q.where('ps.group_id', '=', filter.groupId);
  if (filter.periodId !== undefined) q = q.where('ps.period_id', '=', filter.periodId);
  if (filter.careerId !== undefined) q = q.where('ps.career_id', '=', filter.careerId);
  if (filter.scope) {
    const scope = filter.scope;
    q = q.where((eb) => careerColumnInScope(eb, scope, 'ps.career_id'));
  }
  return q.orderBy('a.professor_subject_id').orderBy('a.id').execute();
}

/** The attributes linked to each of the activities, in the attributes' order: activity id → attributes. */
async function attributesByActivity(db: DbOrTrx, activityIds: number[]): Promise<Map<number, Activity['attributes']>> {
  const byActivity = new Map<number, Activity['attributes']>();
  if (!activityIds.length) return byActivity;
  const links = await db
    .selectFrom('activity_attributes as aa')
    .innerJoin('attributes as at', 'at.id', 'aa.attribute_id')
    .where('aa.activity_id', 'in', activityIds)
    .select(['aa.activity_id', 'at.id', 'at.attribute_name', 'at.codigo'])
    .$call(byAttributeOrder('at'))
    .execute();
  for (const l of links) {
    const list = byActivity.get(l.activity_id) ?? [];
    list.push({ id: l.id, attribute_name: l.attribute_name, codigo: l.codigo });
    byActivity.set(l.activity_id, list);
  }
  return byActivity;
}

/** The assignment of each activity: id → {professor_subject_id, activity_name}. */
export async function activityOwners(db: DbOrTrx, ids: number[]) {
  if (!ids.length) return new Map<number, { professor_subject_id: number; activity_name: string }>();
  const rows = await db
    .selectFrom('activities')
    .where('id', 'in', [...new Set(ids)])
    .select(['id', 'professor_subject_id', 'activity_name'])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { professor_subject_id: r.professor_subject_id, activity_name: r.activity_name }]),
  );
}

/** The id and name of every activity of an assignment (the names a saved matrix must not repeat), unordered. */
export function listActivityNames(db: DbOrTrx, professorSubjectId: number) {
  return db
    .selectFrom('activities')
    .where('professor_subject_id', '=', professorSubjectId)
    .select(['id', 'activity_name'])
    .execute();
}

/** Ids of the attributes linked to a subject. */
export async function subjectAttributeIds(db: DbOrTrx, subjectId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('subject_attributes')
    .where('subject_id', '=', subjectId)
    .select('attribute_id')
    .execute();
  return new Set(rows.map((r) => r.attribute_id));
}

export interface ActivityValues {
  activity_name: string;
  type_activity: string | null;
  evaluation_instrument: string | null;
  ponderation: number;
}

export async function insertActivity(
  db: DbOrTrx,
  professorSubjectId: number,
  values: ActivityValues,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('activities')
    .values({ professor_subject_id: professorSubjectId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateActivity(db: DbOrTrx, id: number, values: ActivityValues, now: string): Promise<void> {
  await db
    .updateTable('activities')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Replaces the attribute links of the given activities in two statements. */
export async function replaceActivityAttributes(db: DbOrTrx, links: Map<number, number[]>): Promise<void> {
  const ids = [...links.keys()];
  if (!ids.length) return;
  await db.deleteFrom('activity_attributes').where('activity_id', 'in', ids).execute();
  const rows = [...links].flatMap(([activity_id, attributeIds]) =>
    attributeIds.map((attribute_id) => ({ activity_id, attribute_id })),
  );
  if (rows.length) await db.insertInto('activity_attributes').values(rows).execute();
}

/** Copies an activity's grades into the history (source 'eliminación de actividad'), then deletes grades and activity. */
export async function deleteActivityKeepingGrades(
  db: DbOrTrx,
  activity: { id: number; professor_subject_id: number; activity_name: string },
  actorId: number,
  now: string,
): Promise<number> {
  const grades = await db
    .selectFrom('user_activities')
    .where('activity_id', '=', activity.id)
    .where('qualification', 'is not', null)
    .select(['user_id', 'qualification'])
    .execute();
  if (grades.length) {
    await db
      .insertInto('grade_history')
      .values(
        grades.map((g) => ({
          user_id: g.user_id,
          activity_id: activity.id,
          professor_subject_id: activity.professor_subject_id,
          activity_name: activity.activity_name,
          before: g.qualification,
          after: null,
          changed_by: actorId,
          changed_at: now,
          source: 'eliminación de actividad' as const,
          batch_id: null,
        })),
      )
      .execute();
  }
  await db.deleteFrom('user_activities').where('activity_id', '=', activity.id).execute();
  await db.deleteFrom('activities').where('id', '=', activity.id).execute();
  return grades.length;
}
