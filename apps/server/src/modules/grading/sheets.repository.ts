import type { SheetAssignment, SheetStudent } from '@egreso/domain';
import { joinAssignmentGroup, joinAssignmentSubject } from '../../db/joins.js';
import { byAttributeOrder, esKey } from '../../db/spanish.js';
import type { DbOrTrx, RowOf } from '../../db/types.js';

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

/** Students of a grade sheet (DESIGN §3): the group's students enrolled in the subject for the sheet's period. */
export async function listSheetStudents(db: DbOrTrx, sheet: Sheet): Promise<SheetStudent[]> {
  if (sheet.group_id === null || sheet.sheet_period_id === null) return [];
  const { group_id: groupId, subject_id: subjectId, sheet_period_id: periodId } = sheet;
  // Each student once, even if listed twice in the group; ordered by name with Spanish collation.
  return db
    .selectFrom('users as u')
    .where('u.id', 'in', (eb) => eb.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrolments as e')
          .select('e.id')
          .whereRef('e.user_id', '=', 'u.id')
          .where('e.subject_id', '=', subjectId)
          .where('e.period_id', '=', periodId),
      ),
    )
    .select(['u.id', 'u.full_name', 'u.controlnumber'])
    .orderBy(esKey('u.full_name'))
    .orderBy('u.id')
    .execute();
}

/**
 * Each assignment joined to the students on its sheet (`ps`, `ug.user_id`, `e`): the group's members enrolled in the
 * subject in the sheet's period (the assignment's, else the active one).
 */
export function sheetRows(db: DbOrTrx) {
  return db
    .selectFrom('professor_subjects as ps')
    .leftJoin('periods as ap', (j) => j.on('ap.is_active', '=', 1))
    .innerJoin('user_groups as ug', 'ug.group_id', 'ps.group_id')
    .innerJoin('enrolments as e', (j) =>
      j
        .onRef('e.user_id', '=', 'ug.user_id')
        .onRef('e.subject_id', '=', 'ps.subject_id')
        .on((eb) => eb('e.period_id', '=', eb.fn.coalesce('ps.period_id', 'ap.id'))),
    );
}

/** Which of the given students are on the sheet of each assignment: the pairs `${assignmentId}:${userId}`. */
export async function sheetMemberships(db: DbOrTrx, assignmentIds: number[], userIds: number[]): Promise<Set<string>> {
  if (!assignmentIds.length || !userIds.length) return new Set();
  const rows = await sheetRows(db)
    .where('ps.id', 'in', [...new Set(assignmentIds)])
    .where('ug.user_id', 'in', [...new Set(userIds)])
    .select(['ps.id', 'ug.user_id'])
    .execute();
  return new Set(rows.map((r) => `${r.id}:${r.user_id}`));
}

/** How many students each sheet has, and the distinct students of all of them, in one query. */
export async function sheetSizes(db: DbOrTrx, assignmentIds: number[]) {
  const perSheet = new Map<number, number>();
  const students = new Set<number>();
  if (!assignmentIds.length) return { perSheet, students };
  const rows = await sheetRows(db)
    .where('ps.id', 'in', assignmentIds)
    .select(['ps.id', 'ug.user_id'])
    .distinct()
    .execute();
  for (const r of rows) {
    perSheet.set(r.id, (perSheet.get(r.id) ?? 0) + 1);
    students.add(r.user_id);
  }
  return { perSheet, students };
}
