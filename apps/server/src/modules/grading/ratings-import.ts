import { GRADE_MSG, LIMITS, type Activity, type GradeChange, type SheetStudent } from '@egreso/domain';
import { headerKey, type CellValue } from '../../lib/xlsx.js';
import { cellKey, type CellValue as StoredCell } from './grading.repository.js';

export interface ImportPlan {
  changes: GradeChange[];
  inserted: number;
  updated: number;
  skipped: number;
  errors: Array<{ row: number; error: string }>;
}

/** A grade cell as typed in a spreadsheet: a number, or numeric text with a decimal point or comma; blank is null. */
function gradeOf(value: CellValue): number | null | 'invalid' {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid';
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : 'invalid';
}

/**
 * Plans a grade import (DESIGN §6): rows matched by matrícula, columns by activity name (case and accents ignored);
 * a blank cell never overwrites; an unknown student or activity, or a value outside 0-100, is reported with its row
 * and that row changes nothing; the rest are the changes to write. Returns null when row 1 has no Matrícula header.
 */
export function planRatingsImport(
  rows: CellValue[][], students: SheetStudent[], activities: Activity[], current: Map<string, StoredCell>,
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
  const byControl = new Map(students.filter((s) => s.controlnumber).map((s) => [s.controlnumber!.trim().toLowerCase(), s]));
  const seen = new Set<number>();
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const values = columns.map((c) => ({ activity: c.activity, value: gradeOf(cells[c.index] ?? null) }));
    const matricula = String(cells[matriculaCol] ?? '').trim();
    if (matricula === '' && values.every((v) => v.value === null)) return;
    if (matricula === '') { plan.errors.push({ row, error: GRADE_MSG.noMatricula }); return; }
    const student = byControl.get(matricula.toLowerCase());
    if (!student) { plan.errors.push({ row, error: GRADE_MSG.unknownStudent(matricula) }); return; }
    if (seen.has(student.id)) { plan.errors.push({ row, error: GRADE_MSG.duplicateRow(matricula) }); return; }
    seen.add(student.id);
    const bad = values.find((v) => v.value === 'invalid' || (typeof v.value === 'number' && (v.value < LIMITS.gradeMin || v.value > LIMITS.gradeMax)));
    if (bad) { plan.errors.push({ row, error: GRADE_MSG.importRange(bad.activity.activity_name) }); return; }
    for (const { activity, value } of values) {
      if (value === null || value === 'invalid') { plan.skipped++; continue; }
      const before = current.get(cellKey(student.id, activity.id))?.qualification ?? null;
      if (before === value) { plan.skipped++; continue; }
      if (before === null) plan.inserted++;
      else plan.updated++;
      plan.changes.push({
        row, user_id: student.id, controlnumber: matricula, activity_id: activity.id, activity_name: activity.activity_name, before, after: value,
      });
    }
  });
  return plan;
}
