import type { AttributeCount, AttributeRatingRow, GradeSheet, TeacherDashboard } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';
import { listActivities } from '../activities/index.js';
import { careersOfUser, teacherAssignments } from '../assignments/index.js';
import { findActivePeriod } from '../catalogues/index.js';
import { listFinalGrades } from '../grades/index.js';
import { countAttributeBands, listAttributeRatings, type RatingFilter } from '../ratings/index.js';
import { findCellValues } from './grading.repository.js';
import { listSheetAttributes, listSheetStudents, sheetSizes, type Sheet } from '../sheets/index.js';

/** Finals of every student of the sheet (null when none of their activities is graded), in the sheet's order. */
export async function sheetFinals(db: DbOrTrx, sheet: Sheet, students?: Array<{ id: number }>) {
  const [list, rows] = await Promise.all([students ?? listSheetStudents(db, sheet), listFinalGrades(db, sheet.id)]);
  const finals = new Map(rows.map((f) => [f.user_id, f.final_grade]));
  return list.map((s) => ({ user_id: s.id, final: finals.get(s.id) ?? null }));
}

/** Everything the grade grid shows, in five queries whatever the sheet's size (the independent ones at once). */
export async function loadGradeSheet(db: DbOrTrx, sheet: Sheet): Promise<GradeSheet> {
  const [students, activities, finalRows] = await Promise.all([
    listSheetStudents(db, sheet),
    listActivities(db, { professorSubjectIds: [sheet.id] }),
    listFinalGrades(db, sheet.id),
  ]);
  const cells = await findCellValues(
    db,
    students.map((s) => s.id),
    activities.map((a) => a.id),
  );
  const finals = new Map(finalRows.map((f) => [f.user_id, f.final_grade]));
  const { subject_id: _s, group_id: _g, own_period_id: _o, sheet_period_id: _p, ...assignment } = sheet;
  return {
    assignment,
    students,
    activities,
    grades: [...cells.values()].sort((a, b) => a.user_id - b.user_id || a.activity_id - b.activity_id),
    finals: students.map((s) => ({ user_id: s.id, final: finals.get(s.id) ?? null })),
  };
}

/**
 * Attribute ratings of a sheet's students in its subject, counted on the grades of this group and period (the rule of
 * DESIGN §3 narrowed to the sheet), or their band counts per attribute of the subject (zeros included).
 */
export async function sheetAttributeRatings(
  db: DbOrTrx,
  sheet: Sheet,
  options: { userId?: number; attributeId?: number; counts: boolean },
): Promise<AttributeRatingRow[] | AttributeCount[]> {
  const students =
    options.userId !== undefined ? [options.userId] : (await listSheetStudents(db, sheet)).map((s) => s.id);
  const filter: RatingFilter = {
    userIds: students,
    subjectId: sheet.subject_id,
    groupId: sheet.group_id ?? undefined,
    periodId: sheet.own_period_id ?? undefined,
    attributeId: options.attributeId,
  };
  if (!options.counts) {
    return (await listAttributeRatings(db, filter)).map((r) => ({
      user_id: r.user_id,
      attribute_id: r.attribute_id,
      attributerating: r.rating,
    }));
  }
  const counts = new Map((await countAttributeBands(db, filter)).map((c) => [c.attribute_id, c]));
  const attributes = await listSheetAttributes(db, sheet.subject_id, options.attributeId);
  return attributes.map((a) => ({
    attribute_id: a.id,
    attribute_name: a.attribute_name,
    codigo: a.codigo,
    sobresaliente: counts.get(a.id)?.sobresaliente ?? 0,
    suficiente: counts.get(a.id)?.suficiente ?? 0,
    insuficiente: counts.get(a.id)?.insuficiente ?? 0,
  }));
}

/** The teacher dashboard of the active period: careers, the three cards and every activity of the career ('Pendientes'), graded or not. */
export async function teacherDashboardData(
  db: DbOrTrx,
  teacherId: number,
  careerId: number | undefined,
): Promise<TeacherDashboard> {
  const careers = await careersOfUser(db, teacherId);
  const chosen = careerId ?? careers[0]?.id ?? null;
  const period = await findActivePeriod(db);
  const assignments =
    period && chosen !== null ? await teacherAssignments(db, teacherId, { careerId: chosen, periodId: period.id }) : [];
  const ids = assignments.map((a) => a.id);
  const activities = await listActivities(db, { professorSubjectIds: ids });
  const sizes = await sheetSizes(db, ids);
  const students = new Set<number>();
  for (const s of sizes.students) students.add(s);
  return {
    careers,
    career_id: chosen,
    cards: {
      students: students.size,
      activities: activities.length,
      subjects: new Set(assignments.map((a) => a.subject_id)).size,
    },
    pendientes: activities.map((a) => ({
      id: a.id,
      activity_name: a.activity_name,
      professor_subject_id: a.professor_subject_id,
      subject_name: a.subject.subject_name,
      group_name: a.group?.group_name ?? null,
      students: sizes.perSheet.get(a.professor_subject_id) ?? 0,
      graded: a.graded_count,
    })),
  };
}
