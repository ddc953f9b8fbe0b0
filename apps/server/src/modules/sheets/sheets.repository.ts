import { sql, type SelectQueryBuilder } from 'kysely';
import type { SheetAssignment, SheetStudent } from '@egreso/domain';
import { MAX_BOUND_PARAMETERS, inChunks } from '../../db/chunks.js';
import { joinAssignmentGroup, joinAssignmentSubject } from '../../db/joins.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { Database, DbOrTrx, ProfessorSubjectsTable, RowOf } from '../../db/types.js';
import { inList } from '../../db/in-list.js';

/** An assignment as the grade screens need it, with the period its sheet uses (its own, else the active one). */
export interface Sheet extends SheetAssignment {
  subject_id: number;
  group_id: number | null;
  /** The assignment's own period (null: it takes the active one). */
  own_period_id: number | null;
  /** The period whose enrolments make the sheet: the assignment's, else the active period (null when none). */
  sheet_period_id: number | null;
}

function sheetsQuery(db: DbOrTrx) {
  return db
    .selectFrom('professor_subjects as ps')
    .$call(joinAssignmentSubject)
    .$call(joinAssignmentGroup)
    .leftJoin('periods as p', (j) =>
      j.on((eb) =>
        eb.or([
          eb('p.id', '=', eb.ref('ps.period_id')),
          eb.and([eb('ps.period_id', 'is', null), eb('p.is_active', '=', 1)]),
        ]),
      ),
    )
    .select([
      'ps.id',
      'ps.user_id',
      'ps.subject_id',
      'ps.group_id',
      'ps.period_id as own_period_id',
      'ps.career_id',
      's.subject_name',
      's.subject_key',
      'g.group_name',
      'g.semester_id',
      'p.id as period_id',
      'p.period_name',
      'p.status',
      'p.is_active',
    ]);
}

function present(r: RowOf<typeof sheetsQuery>): Sheet {
  return {
    id: r.id,
    user_id: r.user_id,
    subject_id: r.subject_id,
    group_id: r.group_id,
    career_id: r.career_id,
    own_period_id: r.own_period_id,
    sheet_period_id: r.period_id,
    subject: { id: r.subject_id, subject_name: r.subject_name, subject_key: r.subject_key },
    group: r.group_id === null ? null : { id: r.group_id, group_name: r.group_name ?? '', semester_id: r.semester_id },
    period:
      r.period_id === null
        ? null
        : {
            id: r.period_id,
            period_name: r.period_name ?? '',
            status: r.status ?? 'published',
            is_active: Number(r.is_active) === 1,
          },
    editable: r.status !== 'closed',
  };
}

export async function findSheets(db: DbOrTrx, ids: number[]): Promise<Map<number, Sheet>> {
  if (!ids.length) return new Map();
  const rows = await sheetsQuery(db)
    .where('ps.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, present(r)]));
}

export async function findSheet(db: DbOrTrx, id: number): Promise<Sheet | undefined> {
  return (await findSheets(db, [id])).get(id);
}

/**
 * The assignment of a subject and group in a period (the active one when none is given; an assignment without a period
 * counts as the active period's). A teacher's own assignment comes first when several teachers share the pair.
 */
export async function findSheetBySubjectGroup(
  db: DbOrTrx,
  subjectId: number,
  groupId: number,
  periodId: number | undefined,
  preferUserId: number,
): Promise<Sheet | undefined> {
  let q = sheetsQuery(db).where('ps.subject_id', '=', subjectId).where('ps.group_id', '=', groupId);
  q = periodId === undefined ? q.where('p.is_active', '=', 1) : q.where('p.id', '=', periodId);
  const rows = (await q.orderBy('ps.id').execute()).map(present);
  return rows.find((r) => r.user_id === preferUserId) ?? rows[0];
}

/** The attributes a sheet's subject works (only `attributeId` when given), in the attributes' order. */
export function listSheetAttributes(db: DbOrTrx, subjectId: number, attributeId?: number) {
  let q = db
    .selectFrom('subject_attributes as sa')
    .innerJoin('attributes as a', 'a.id', 'sa.attribute_id')
    .where('sa.subject_id', '=', subjectId)
    .select(['a.id', 'a.attribute_name', 'a.codigo']);
  if (attributeId !== undefined) q = q.where('a.id', '=', attributeId);
  return q.$call(byAttributeOrder('a')).execute();
}

/** Which sheets' students to read; every field narrows (an empty list selects nothing). */
export interface SheetMemberFilter {
  assignmentIds?: readonly number[];
  userIds?: readonly number[];
  /** Only this teacher's assignments. */
  teacherId?: number;
  subjectIds?: readonly number[];
}

/**
 * The students of grade sheets (DESIGN §3 'Students of a grade sheet', extended in docs/decisions.md 'Students of a
 * past sheet'), as `m`: one row per assignment and student, with the assignment's subject and its sheet period (its
 * own, else the active one). A student is on an assignment's sheet when they are
 * - a current member of its group enrolled in its subject for the sheet period, or
 * - graded (a non-null grade) on one of its activities, whatever their group or enrolment now: a past sheet keeps the
 *   students it graded after the semester advance moves them to another group, and no grade is ever hidden.
 * Every reader of a sheet's students (the grid, the spreadsheets, grade writes, the teacher's reports, dashboard and
 * observations) goes through this one query; the filter narrows both branches, so each reads only its index ranges.
 */
export function sheetMembers(db: DbOrTrx, filter: SheetMemberFilter) {
  const narrow = <QB extends SelectQueryBuilder<Database & { ps: ProfessorSubjectsTable }, 'ps', object>>(
    qb: QB,
    userColumn: 'ug.user_id' | 'ua.user_id',
  ): QB => {
    let q = qb as SelectQueryBuilder<Database & { ps: ProfessorSubjectsTable }, 'ps', object>;
    if (filter.assignmentIds) q = q.where(inList('ps.id', [...new Set(filter.assignmentIds)]));
    if (filter.userIds) q = q.where(inList(userColumn, [...new Set(filter.userIds)]));
    if (filter.teacherId !== undefined) q = q.where('ps.user_id', '=', filter.teacherId);
    if (filter.subjectIds) q = q.where(inList('ps.subject_id', [...new Set(filter.subjectIds)]));
    return q as QB;
  };
  const sheetPeriod = sql<number | null>`coalesce(ps.period_id, ap.id)`;
  const enrolled = db
    .selectFrom('professor_subjects as ps')
    .leftJoin('periods as ap', (j) => j.on('ap.is_active', '=', 1))
    .innerJoin('user_groups as ug', 'ug.group_id', 'ps.group_id')
    .innerJoin('enrolments as e', (j) =>
      j
        .onRef('e.user_id', '=', 'ug.user_id')
        .onRef('e.subject_id', '=', 'ps.subject_id')
        .on((eb) => eb('e.period_id', '=', eb.fn.coalesce('ps.period_id', 'ap.id'))),
    )
    .select(['ps.id as professor_subject_id', 'ug.user_id', 'ps.subject_id', sheetPeriod.as('period_id')]);
  const graded = db
    .selectFrom('professor_subjects as ps')
    .leftJoin('periods as ap', (j) => j.on('ap.is_active', '=', 1))
    .innerJoin('activities as a', 'a.professor_subject_id', 'ps.id')
    .innerJoin('user_activities as ua', 'ua.activity_id', 'a.id')
    .where('ua.qualification', 'is not', null)
    .select(['ps.id as professor_subject_id', 'ua.user_id', 'ps.subject_id', sheetPeriod.as('period_id')]);
  // `union` (not `union all`): a member graded on several activities, or both enrolled and graded, is one row.
  return db.selectFrom(narrow(enrolled, 'ug.user_id').union(narrow(graded, 'ua.user_id')).as('m'));
}

/** Students of a grade sheet (the rule of `sheetMembers`), ordered by name with Spanish collation. */
export async function listSheetStudents(db: DbOrTrx, sheet: { id: number }): Promise<SheetStudent[]> {
  return sheetMembers(db, { assignmentIds: [sheet.id] })
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.full_name', 'u.controlnumber'])
    .orderBy(esKey('u.full_name'))
    .orderBy('u.id')
    .execute();
}

/** Which of the given students are on the sheet of each assignment: the pairs `${assignmentId}:${userId}`. */
export async function sheetMemberships(db: DbOrTrx, assignmentIds: number[], userIds: number[]): Promise<Set<string>> {
  if (!assignmentIds.length || !userIds.length) return new Set();
  // Both branches bind the students: slices of a quarter of the limit keep a 5,000-cell save under it.
  const rows = await inChunks(
    [...new Set(userIds)],
    (slice) =>
      sheetMembers(db, { assignmentIds, userIds: slice }).select(['m.professor_subject_id', 'm.user_id']).execute(),
    MAX_BOUND_PARAMETERS / 4,
  );
  return new Set(rows.map((r) => `${r.professor_subject_id}:${r.user_id}`));
}

/** How many students each sheet has, and the distinct students of all of them, in one query. */
export async function sheetSizes(db: DbOrTrx, assignmentIds: number[]) {
  const perSheet = new Map<number, number>();
  const students = new Set<number>();
  if (!assignmentIds.length) return { perSheet, students };
  const rows = await sheetMembers(db, { assignmentIds }).select(['m.professor_subject_id', 'm.user_id']).execute();
  for (const r of rows) {
    perSheet.set(r.professor_subject_id, (perSheet.get(r.professor_subject_id) ?? 0) + 1);
    students.add(r.user_id);
  }
  return { perSheet, students };
}
