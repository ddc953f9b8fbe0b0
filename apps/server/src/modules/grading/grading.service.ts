import {
  GRADE_MSG,
  type Actor,
  type GradeBatchResult,
  type GradeConflict,
  type RestoreGradeResult,
  type UndoImportResult,
} from '@egreso/domain';
import type { Kysely } from 'kysely';
import type { Database, DbOrTrx, GradeSource } from '../../db/types.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.js';
import { activityOwners } from '../activities/index.js';
import { sheetById, sheetsByIds, sheetMemberships } from '../sheets/index.js';
import {
  asConflict,
  cellKey,
  findCellValues,
  findCells,
  insertHistory,
  upsertCells,
  type CellWrite,
} from './grading.repository.js';
import { findHistoryEntry, findImportBatch, latestEntries } from './history.repository.js';

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
export async function checkGradeBatch(
  db: DbOrTrx,
  actor: Actor,
  cells: GradeCellInput[],
): Promise<Map<number, ActivityInfo>> {
  const activities = await activityOwners(
    db,
    cells.map((c) => c.activity_id),
  );
  const assignmentIds = [...activities.values()].map((a) => a.professor_subject_id);
  const [, members] = await Promise.all([
    sheetsByIds(db, actor, assignmentIds, 'write'),
    sheetMemberships(
      db,
      assignmentIds,
      cells.map((c) => c.user_id),
    ),
  ]);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  cells.forEach((c, i) => {
    const activity = activities.get(c.activity_id);
    const key = cellKey(c.user_id, c.activity_id);
    if (!activity) errors[`calificaciones.${i}.activity_id`] = [GRADE_MSG.activityMissing];
    else if (!members.has(`${activity.professor_subject_id}:${c.user_id}`))
      errors[`calificaciones.${i}.user_id`] = [GRADE_MSG.notOnSheet];
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
  saved: Array<{
    user_id: number;
    activity_id: number;
    qualification: number | null;
    version: number;
    before: number | null;
  }>;
  unchanged: number;
  conflicts: GradeConflict[];
}

/** Cells not written, as they now are (value, version and author), for the client to show as conflicts. */
async function conflictsOf(
  trx: DbOrTrx,
  stale: Array<{ user_id: number; activity_id: number }>,
): Promise<GradeConflict[]> {
  const conflicts: GradeConflict[] = [];
  if (!stale.length) return conflicts;
  const now = await findCells(
    trx,
    stale.map((r) => r.user_id),
    stale.map((r) => r.activity_id),
  );
  for (const r of stale) {
    const cell = now.get(cellKey(r.user_id, r.activity_id));
    if (cell) conflicts.push(asConflict(cell));
  }
  return conflicts;
}

/**
 * Writes checked grades and records each change in the grade history, inside the caller's transaction. A cell whose
 * stored version differs from the one the client sent is not written and comes back as a conflict with its current
 * value and author; a cell sent with the value already stored is left alone (a retried save never conflicts).
 */
export async function writeGrades(
  trx: DbOrTrx,
  cells: GradeCellInput[],
  activities: Map<number, ActivityInfo>,
  entry: { actorId: number; now: string; source: GradeSource; batchId: string | null },
): Promise<WriteResult> {
  const current = await findCellValues(
    trx,
    cells.map((c) => c.user_id),
    cells.map((c) => c.activity_id),
  );
  const writes: Array<CellWrite & { before: number | null }> = [];
  const stale: Array<{ user_id: number; activity_id: number }> = [];
  let unchanged = 0;
  for (const c of cells) {
    const stored = current.get(cellKey(c.user_id, c.activity_id));
    const before = stored?.qualification ?? null;
    if (before === c.qualification) {
      unchanged++;
      continue;
    }
    const expected = stored?.version ?? 0;
    if (stored && c.version !== undefined && c.version !== expected) {
      stale.push(c);
      continue;
    }
    writes.push({ user_id: c.user_id, activity_id: c.activity_id, qualification: c.qualification, expected, before });
  }
  const written = await upsertCells(trx, writes, entry.actorId, entry.now);
  const versions = new Map(written.map((w) => [cellKey(w.user_id, w.activity_id), w.version]));
  const saved = writes.flatMap((w) => {
    const version = versions.get(cellKey(w.user_id, w.activity_id));
    return version === undefined
      ? []
      : [{ user_id: w.user_id, activity_id: w.activity_id, qualification: w.qualification, version, before: w.before }];
  });
  // Stale cells, and any changed by a concurrent save between our read and our write, as they now are (with authors).
  stale.push(...writes.filter((w) => !versions.has(cellKey(w.user_id, w.activity_id))));
  const conflicts = await conflictsOf(trx, stale);
  await insertHistory(
    trx,
    saved.map((s) => {
      const a = activities.get(s.activity_id)!;
      return {
        user_id: s.user_id,
        activity_id: s.activity_id,
        professor_subject_id: a.professor_subject_id,
        activity_name: a.activity_name,
        before: s.before,
        after: s.qualification,
      };
    }),
    { changedBy: entry.actorId, changedAt: entry.now, source: entry.source, batchId: entry.batchId },
  );
  return { saved, unchanged, conflicts };
}

/**
 * Undoes an import (the teacher, period open, inside the caller's transaction): every cell whose newest history entry
 * is still the import's goes back to its value before it; a cell changed since is left as it is and reported.
 */
export async function undoImport(trx: DbOrTrx, actor: Actor, batchId: string, now: string): Promise<UndoImportResult> {
  const batch = await findImportBatch(trx, batchId);
  if (!batch.entries.length) throw notFound(GRADE_MSG.batchMissing);
  await sheetsByIds(
    trx,
    actor,
    batch.entries.map((e) => e.professor_subject_id),
    'write',
  );
  if (batch.undone) throw conflict(GRADE_MSG.alreadyUndone);
  const users = batch.entries.map((e) => e.user_id);
  const activityIds = batch.entries.map((e) => e.activity_id);
  const latest = await latestEntries(trx, users, activityIds);
  const cells = await findCells(trx, users, activityIds);
  const restore: GradeCellInput[] = [];
  const kept: GradeConflict[] = [];
  for (const e of batch.entries) {
    const cell = cells.get(cellKey(e.user_id, e.activity_id));
    if (!cell) continue; // the activity was deleted since: its grades are in the history already
    if (latest.get(cellKey(e.user_id, e.activity_id)) !== e.id) kept.push(asConflict(cell));
    else
      restore.push({
        user_id: e.user_id,
        activity_id: e.activity_id,
        qualification: e.before === null ? null : Number(e.before),
        version: cell.version,
      });
  }
  const info = new Map(
    batch.entries.map((e) => [
      e.activity_id,
      { professor_subject_id: e.professor_subject_id, activity_name: e.activity_name },
    ]),
  );
  const written = await writeGrades(trx, restore, info, {
    actorId: actor.id,
    now,
    source: 'deshacer importación',
    batchId,
  });
  await audit(trx, {
    userId: actor.id,
    action: 'grades.import.undo',
    entity: 'grade_history',
    details: { batch_id: batchId, restored: written.saved.length },
  });
  kept.push(...written.conflicts);
  return { message: kept.length ? GRADE_MSG.undonePartly : GRADE_MSG.undone, restored: written.saved.length, kept };
}

/**
 * Sets a grade back to a value of its history ('Restaurar este valor'; the teacher, period open, inside the caller's
 * transaction) through the grid's own write: the version the sheet showed is checked (a grade changed since answers
 * a conflict and is not written), an equal value writes nothing, and the change is recorded as 'restauración'.
 * A null value leaves the cell empty, as an undone import does.
 */
export async function restoreGrade(
  trx: DbOrTrx,
  actor: Actor,
  entryId: number,
  body: { version: number; value: 'after' | 'before' },
  now: string,
): Promise<RestoreGradeResult> {
  const entry = await findHistoryEntry(trx, entryId);
  if (!entry) throw notFound(GRADE_MSG.entryMissing);
  await sheetById(trx, actor, entry.professor_subject_id, 'write');
  const activities = await activityOwners(trx, [entry.activity_id]);
  if (activities.get(entry.activity_id)?.professor_subject_id !== entry.professor_subject_id)
    throw notFound(GRADE_MSG.restoreActivityGone);
  const members = await sheetMemberships(trx, [entry.professor_subject_id], [entry.user_id]);
  if (!members.has(`${entry.professor_subject_id}:${entry.user_id}`)) throw conflict(GRADE_MSG.notOnSheet);
  const value = entry[body.value];
  const cell = { user_id: entry.user_id, activity_id: entry.activity_id };
  const result = await writeGrades(trx, [{ ...cell, qualification: value, version: body.version }], activities, {
    actorId: actor.id,
    now,
    source: 'restauración',
    batchId: null,
  });
  const [saved] = result.saved;
  if (saved) {
    const grade = { ...cell, qualification: value, version: saved.version };
    return { message: GRADE_MSG.restored(value), outcome: 'restored', grade, conflict: null };
  }
  const [stale] = result.conflicts;
  if (stale) {
    const grade = { ...cell, qualification: stale.qualification, version: stale.version };
    return { message: GRADE_MSG.restoreConflict, outcome: 'conflict', grade, conflict: stale };
  }
  const version =
    (await findCellValues(trx, [cell.user_id], [cell.activity_id])).get(cellKey(cell.user_id, cell.activity_id))
      ?.version ?? 0;
  return {
    message: GRADE_MSG.restoreUnchanged(value),
    outcome: 'unchanged',
    grade: { ...cell, qualification: value, version },
    conflict: null,
  };
}

/** POST /profesor/calificar/actividades/batch: the batch checked as a whole, then written in one transaction. */
export async function saveGradeBatch(
  db: Kysely<Database>,
  actor: Actor,
  cells: GradeCellInput[],
  now: string,
): Promise<GradeBatchResult> {
  const activities = await checkGradeBatch(db, actor, cells);
  // The grade history records every change of a grid save: no audit-log row is added for it.
  const result = await db
    .transaction()
    .execute((trx) =>
      writeGrades(trx, cells, activities, { actorId: actor.id, now, source: 'pantalla', batchId: null }),
    );
  return {
    message: result.conflicts.length ? GRADE_MSG.someNotSaved : GRADE_MSG.saved,
    saved: result.saved.map(({ user_id, activity_id, qualification, version }) => ({
      user_id,
      activity_id,
      qualification: qualification!,
      version,
    })),
    unchanged: result.unchanged,
    conflicts: result.conflicts,
  };
}
