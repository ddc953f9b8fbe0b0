import { randomUUID } from 'node:crypto';
import {
  GRADE_MSG,
  LIMITS,
  type Activity,
  type Actor,
  type GradeChange,
  type RatingsImportResult,
  type SheetStudent,
} from '@egreso/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { auditRow } from '../../lib/audit.js';
import { fieldError } from '../../lib/http-errors.js';
import { headerKey, readFirstSheet, writeWorkbook, type CellValue } from '../../lib/xlsx.js';
import { listActivities } from '../activities/index.js';
import { cellKey, findCellValues, type CellValue as StoredCell } from './grading.repository.js';
import { writeGrades } from './grading.service.js';
import { listSheetStudents, type Sheet } from '../sheets/index.js';
import { sheetFinals } from './sheets.service.js';

export interface ImportPlan {
  changes: GradeChange[];
  inserted: number;
  updated: number;
  skipped: number;
  errors: Array<{ row: number; error: string }>;
}

/** A row's cell under an activity's column, read as a grade. */
type RowValue = { activity: Activity; value: number | null | 'invalid' };

/** A grade cell as typed in a spreadsheet: a number, or numeric text with a decimal point or comma; blank is null. */
function gradeOf(value: CellValue): number | null | 'invalid' {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid';
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : 'invalid';
}

/** A valid row's cells: a blank or an unchanged grade is skipped, any other is a change (a new grade or an update). */
function planRow(
  plan: ImportPlan,
  { row, student, matricula, values }: { row: number; student: SheetStudent; matricula: string; values: RowValue[] },
  current: Map<string, StoredCell>,
): void {
  for (const { activity, value } of values) {
    if (value === null || value === 'invalid') {
      plan.skipped++;
      continue;
    }
    const before = current.get(cellKey(student.id, activity.id))?.qualification ?? null;
    if (before === value) {
      plan.skipped++;
      continue;
    }
    if (before === null) plan.inserted++;
    else plan.updated++;
    plan.changes.push({
      row,
      user_id: student.id,
      controlnumber: matricula,
      activity_id: activity.id,
      activity_name: activity.activity_name,
      before,
      after: value,
    });
  }
}

/**
 * Plans a grade import (DESIGN §6): rows matched by matrícula, columns by activity name (case and accents ignored);
 * a blank cell never overwrites; an unknown student or activity, or a value outside 0-100, is reported with its row
 * and that row changes nothing; the rest are the changes to write. Returns null when row 1 has no Matrícula header.
 */
export function planRatingsImport(
  rows: CellValue[][],
  students: SheetStudent[],
  activities: Activity[],
  current: Map<string, StoredCell>,
): ImportPlan | null {
  const header = rows[0] ?? [];
  const matriculaCol = header.findIndex((h) => headerKey(h) === 'matricula');
  if (matriculaCol < 0) return null;
  const plan: ImportPlan = { changes: [], inserted: 0, updated: 0, skipped: 0, errors: [] };
  const byName = new Map(activities.map((a) => [headerKey(a.activity_name), a]));
  const columns: Array<{ index: number; activity: Activity }> = [];
  header.forEach((h, index) => {
    const key = headerKey(h);
    if (index === matriculaCol || key === '' || key === 'nombre' || key === 'final') return;
    const activity = byName.get(key);
    if (activity) columns.push({ index, activity });
    else plan.errors.push({ row: 1, error: GRADE_MSG.unknownActivity(String(h).trim()) });
  });
  const byControl = new Map(
    students.filter((s) => s.controlnumber).map((s) => [s.controlnumber!.trim().toLowerCase(), s]),
  );
  const seen = new Set<number>();
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const values: RowValue[] = columns.map((c) => ({ activity: c.activity, value: gradeOf(cells[c.index] ?? null) }));
    const matricula = String(cells[matriculaCol] ?? '').trim();
    if (matricula === '' && values.every((v) => v.value === null)) return;
    if (matricula === '') {
      plan.errors.push({ row, error: GRADE_MSG.noMatricula });
      return;
    }
    const student = byControl.get(matricula.toLowerCase());
    if (!student) {
      plan.errors.push({ row, error: GRADE_MSG.unknownStudent(matricula) });
      return;
    }
    if (seen.has(student.id)) {
      plan.errors.push({ row, error: GRADE_MSG.duplicateRow(matricula) });
      return;
    }
    seen.add(student.id);
    const bad = values.find(
      (v) =>
        v.value === 'invalid' ||
        (typeof v.value === 'number' && (v.value < LIMITS.gradeMin || v.value > LIMITS.gradeMax)),
    );
    if (bad) {
      plan.errors.push({ row, error: GRADE_MSG.importRange(bad.activity.activity_name) });
      return;
    }
    planRow(plan, { row, student, matricula, values }, current);
  });
  return plan;
}

/**
 * Imports a grade spreadsheet into a sheet the actor may write: the plan of `planRatingsImport`, answered as it is in a
 * dry run, else written in one transaction as one grade-history batch (source 'importación') that can be undone.
 */
export async function importRatings(
  db: Kysely<Database>,
  actor: Actor,
  sheet: Sheet,
  bytes: Buffer,
  dryRun: boolean,
  now: string,
): Promise<RatingsImportResult> {
  const rows = await readFirstSheet(bytes);
  if (!rows) throw fieldError('file', GRADE_MSG.badFile);
  const students = await listSheetStudents(db, sheet);
  const activities = await listActivities(db, { professorSubjectIds: [sheet.id] });
  const current = await findCellValues(
    db,
    students.map((s) => s.id),
    activities.map((a) => a.id),
  );
  const plan = planRatingsImport(rows, students, activities, current);
  if (!plan) throw fieldError('file', GRADE_MSG.noHeader);
  const message = dryRun
    ? GRADE_MSG.importPreview
    : plan.errors.length
      ? GRADE_MSG.importWarnings
      : GRADE_MSG.importDone;
  if (dryRun || !plan.changes.length) return { message, dry_run: dryRun, ...plan, batch_id: null };
  const batchId = randomUUID();
  const info = new Map(
    activities.map((a) => [a.id, { professor_subject_id: sheet.id, activity_name: a.activity_name }]),
  );
  await db.transaction().execute(async (trx) => {
    await writeGrades(
      trx,
      plan.changes.map((c) => ({ user_id: c.user_id, activity_id: c.activity_id, qualification: c.after })),
      info,
      { actorId: actor.id, now, source: 'importación', batchId },
    );
    await auditRow(trx, actor.id, 'grades.import', 'professor_subjects', sheet.id, {
      batch_id: batchId,
      cells: plan.changes.length,
    });
  });
  return { message, dry_run: false, ...plan, batch_id: batchId };
}

/**
 * The sheet as a workbook (DESIGN §6): Matrícula · Nombre · one column per activity, empty for the template, with the
 * grades and a Final column for the export (students without any grade left out when `includeNulls` is false).
 */
export async function sheetWorkbook(
  db: Kysely<Database>,
  sheet: Sheet,
  kind: 'template' | 'export',
  includeNulls = true,
): Promise<Buffer> {
  const students = await listSheetStudents(db, sheet);
  const activities = await listActivities(db, { professorSubjectIds: [sheet.id] });
  const names = activities.map((a) => a.activity_name);
  if (kind === 'template') {
    return writeWorkbook(
      'Calificaciones',
      ['Matrícula', 'Nombre', ...names],
      students.map((s) => [s.controlnumber, s.full_name, ...activities.map(() => null)]),
    );
  }
  const cells = await findCellValues(
    db,
    students.map((s) => s.id),
    activities.map((a) => a.id),
  );
  const finals = new Map((await sheetFinals(db, sheet, students)).map((f) => [f.user_id, f.final]));
  const rows = students
    .map((s) => [
      s.controlnumber,
      s.full_name,
      ...activities.map((a) => cells.get(cellKey(s.id, a.id))?.qualification ?? null),
      finals.get(s.id) ?? null,
    ])
    .filter((r) => includeNulls || r.slice(2).some((v) => v !== null));
  return writeWorkbook('Calificaciones', ['Matrícula', 'Nombre', ...names, 'Final'], rows);
}
