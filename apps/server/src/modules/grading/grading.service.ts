import { GRADE_MSG, type Actor, type GradeConflict } from '@egreso/domain';
import type { DbOrTrx, GradeSource } from '../../db/types.js';
import { unprocessable } from '../../lib/http-errors.js';
import { activityOwners } from '../activities/activities.repository.js';
import { sheetsByIds } from './access.js';
import { asConflict, cellKey, findCellValues, findCells, insertHistory, upsertCells, type CellWrite } from './grading.repository.js';
import { sheetMemberships } from './sheets.repository.js';

export interface GradeCellInput {
  user_id: number;
  activity_id: number;
  qualification: number | null;
  /** The version the client saw; undefined writes without the stale check. */
  version?: number;
}

export type ActivityInfo = { professor_subject_id: number; activity_name: string };

/**
 * Checks a whole grade batch before anything is written: every activity exists, belongs to an assignment the actor
 * grades in an open period (403 / 409), every student is on that assignment's sheet, and no cell comes twice. Row
 * errors answer 422 naming the row (`calificaciones.3.user_id`), so one bad row writes nothing.
 */
export async function checkGradeBatch(db: DbOrTrx, actor: Actor, cells: GradeCellInput[]): Promise<Map<number, ActivityInfo>> {
  const activities = await activityOwners(db, cells.map((c) => c.activity_id));
  await sheetsByIds(db, actor, [...activities.values()].map((a) => a.professor_subject_id), 'write');
  const members = await sheetMemberships(db, [...activities.values()].map((a) => a.professor_subject_id), cells.map((c) => c.user_id));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  cells.forEach((c, i) => {
    const activity = activities.get(c.activity_id);
    const key = cellKey(c.user_id, c.activity_id);
    if (!activity) errors[`calificaciones.${i}.activity_id`] = [GRADE_MSG.activityMissing];
    else if (!members.has(`${activity.professor_subject_id}:${c.user_id}`)) errors[`calificaciones.${i}.user_id`] = [GRADE_MSG.notOnSheet];
    else if (seen.has(key)) errors[`calificaciones.${i}`] = [GRADE_MSG.duplicate];
    seen.add(key);
  });
  if (Object.keys(errors).length) {
    const [field, [message]] = Object.entries(errors)[0]!;
    throw unprocessable(errors, `Fila ${Number(field.split('.')[1]) + 1}: ${message}`);
  }
  return activities;
}

export interface WriteResult {
  saved: Array<{ user_id: number; activity_id: number; qualification: number | null; version: number; before: number | null }>;
  unchanged: number;
  conflicts: GradeConflict[];
}

/**
 * Writes checked grades and records each change in the grade history, inside the caller's transaction. A cell whose
 * stored version differs from the one the client sent is not written and comes back as a conflict with its current
 * value and author; a cell sent with the value already stored is left alone (a retried save never conflicts).
 */
export async function writeGrades(
  trx: DbOrTrx, cells: GradeCellInput[], activities: Map<number, ActivityInfo>,
  entry: { actorId: number; now: string; source: GradeSource; batchId: string | null },
): Promise<WriteResult> {
  const current = await findCellValues(trx, cells.map((c) => c.user_id), cells.map((c) => c.activity_id));
  const writes: Array<CellWrite & { before: number | null }> = [];
  const stale: Array<{ user_id: number; activity_id: number }> = [];
  let unchanged = 0;
  for (const c of cells) {
    const stored = current.get(cellKey(c.user_id, c.activity_id));
    const before = stored?.qualification ?? null;
    if (before === c.qualification) { unchanged++; continue; }
    const expected = stored?.version ?? 0;
    if (stored && c.version !== undefined && c.version !== expected) { stale.push(c); continue; }
    writes.push({ user_id: c.user_id, activity_id: c.activity_id, qualification: c.qualification, expected, before });
  }
  const written = await upsertCells(trx, writes, entry.actorId, entry.now);
  const versions = new Map(written.map((w) => [cellKey(w.user_id, w.activity_id), w.version]));
  const saved = writes.flatMap((w) => {
    const version = versions.get(cellKey(w.user_id, w.activity_id));
    return version === undefined ? [] : [{ user_id: w.user_id, activity_id: w.activity_id, qualification: w.qualification, version, before: w.before }];
  });
  // Stale cells, and any changed by a concurrent save between our read and our write, as they now are (with authors).
  stale.push(...writes.filter((w) => !versions.has(cellKey(w.user_id, w.activity_id))));
  const conflicts: GradeConflict[] = [];
  if (stale.length) {
    const now = await findCells(trx, stale.map((r) => r.user_id), stale.map((r) => r.activity_id));
    for (const r of stale) {
      const cell = now.get(cellKey(r.user_id, r.activity_id));
      if (cell) conflicts.push(asConflict(cell));
    }
  }
  await insertHistory(trx, saved.map((s) => {
    const a = activities.get(s.activity_id)!;
    return {
      user_id: s.user_id, activity_id: s.activity_id, professor_subject_id: a.professor_subject_id, activity_name: a.activity_name,
      before: s.before, after: s.qualification,
    };
  }), { changedBy: entry.actorId, changedAt: entry.now, source: entry.source, batchId: entry.batchId });
  return { saved, unchanged, conflicts };
}
