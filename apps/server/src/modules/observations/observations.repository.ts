import type { ObservationEntry } from '@egreso/domain';
import type { DbOrTrx, ObservationsTable } from '../../db/types.js';
import { sheetMembers } from '../sheets/index.js';

export interface ObservationFilter {
  userId: number;
  subjectId: number;
  attributeId?: number;
  periodId?: number;
  activityId?: number;
}

/**
 * A student's observations (`o`), newest first, with what every list of them shows (the subject's screen, the download
 * of the student's data): when, what, the teacher's name (`t`) and the activity's (`a`), when one is named.
 */
export function studentObservations(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('observations as o')
    .innerJoin('users as t', 't.id', 'o.professor_id')
    .leftJoin('activities as a', 'a.id', 'o.activity_id')
    .where('o.user_id', '=', userId)
    .select(['o.created_at', 'o.observation', 't.full_name as teacher_name', 'a.activity_name'])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc');
}

/** A student's observations in a subject, newest first, with the teacher's and the activity's names. */
export async function listObservations(db: DbOrTrx, f: ObservationFilter): Promise<ObservationEntry[]> {
  let q = studentObservations(db, f.userId)
    .where('o.subject_id', '=', f.subjectId)
    .select(['o.id', 'o.user_id', 'o.attribute_id', 'o.subject_id', 'o.period_id', 'o.professor_id']);
  if (f.attributeId !== undefined) q = q.where('o.attribute_id', '=', f.attributeId);
  if (f.periodId !== undefined) q = q.where('o.period_id', '=', f.periodId);
  if (f.activityId !== undefined) q = q.where('o.activity_id', '=', f.activityId);
  const rows = await q.limit(500).execute();
  return rows.map(({ professor_id, ...r }) => ({ ...r, professor: { id: professor_id, full_name: r.teacher_name } }));
}

export type NewObservation = Omit<ObservationsTable, 'id' | 'created_at'>;

export async function insertObservations(db: DbOrTrx, rows: NewObservation[], now: string): Promise<void> {
  if (rows.length)
    await db
      .insertInto('observations')
      .values(rows.map((r) => ({ ...r, created_at: now })))
      .execute();
}

/**
 * The teacher's assignments of these subjects whose sheets hold these students: `${subject_id}:${user_id}` → the
 * assignment's sheet period, in one query.
 */
export async function teacherSheetsOfStudents(db: DbOrTrx, teacherId: number, subjectIds: number[], userIds: number[]) {
  const out = new Map<string, { professor_subject_id: number; period_id: number | null }>();
  if (!subjectIds.length || !userIds.length) return out;
  const rows = await sheetMembers(db, { teacherId, subjectIds, userIds })
    .select(['m.professor_subject_id', 'm.subject_id', 'm.user_id', 'm.period_id'])
    .orderBy('m.period_id', 'desc')
    .orderBy('m.professor_subject_id', 'desc')
    .execute();
  for (const r of rows) {
    const key = `${r.subject_id}:${r.user_id}`;
    if (!out.has(key)) out.set(key, { professor_subject_id: r.professor_subject_id, period_id: r.period_id });
  }
  return out;
}

/** Pairs `${subject_id}:${attribute_id}` linked in the catalogue. */
export async function subjectAttributePairs(db: DbOrTrx, subjectIds: number[]): Promise<Set<string>> {
  if (!subjectIds.length) return new Set();
  const rows = await db
    .selectFrom('subject_attributes')
    .where('subject_id', 'in', [...new Set(subjectIds)])
    .select(['subject_id', 'attribute_id'])
    .execute();
  return new Set(rows.map((r) => `${r.subject_id}:${r.attribute_id}`));
}
