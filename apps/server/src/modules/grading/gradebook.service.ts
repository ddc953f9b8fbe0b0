import { randomUUID } from 'node:crypto';
import {
  GRADEBOOK_MSG,
  LIMITS,
  gradebookCellKey,
  type Activity,
  type Actor,
  type GradebookCell,
  type GradebookChoices,
  type GradebookColumn,
  type GradebookImportResult,
  type SheetStudent,
} from '@egreso/domain';
import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../db/types.js';
import { auditRow } from '../../lib/audit.js';
import { fieldError } from '../../lib/http-errors.js';
import { readDelimitedRows, readWorkbookRows } from '../../lib/xlsx-pool.js';
import type { CellValue } from '../../lib/xlsx.js';
import { listActivities } from '../activities/index.js';
import {
  cellKey,
  findCellValues,
  findGradebookColumns,
  findUserEmails,
  insertImportFile,
  replaceGradebookColumns,
  type CellValue as StoredCell,
} from './grading.repository.js';
import { writeGrades } from './grading.service.js';
import {
  foldKey,
  foldWords,
  numberIn,
  readGradebook,
  type GradebookTable,
  type SourceColumn,
  type SourceRow,
} from './gradebook-format.js';
import { listSheetStudents, type Sheet } from '../sheets/index.js';

/** Rows the gradebook caps allow: a course export of a few hundred students is far below. */
const GRADEBOOK_CAPS = { rows: 2_001, columns: 260 };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ODS_MIME = Buffer.from('application/vnd.oasis.opendocument.spreadsheet');

/**
 * The first sheet of an .xlsx, or the rows of delimited text, read in the spreadsheet pool with its guards; an .ods
 * (OpenDocument) is refused in Spanish: no well-kept reader with bounded decompression exists for Node (decisions).
 */
export async function readGradebookFile(name: string, bytes: Buffer): Promise<CellValue[][]> {
  const isZip = bytes.subarray(0, 4).equals(ZIP);
  if (/\.ods$/i.test(name) || (isZip && bytes.subarray(0, 200).includes(ODS_MIME)))
    throw fieldError('file', GRADEBOOK_MSG.ods);
  const read = isZip
    ? await readWorkbookRows(bytes, 'values', GRADEBOOK_CAPS)
    : await readDelimitedRows(bytes, GRADEBOOK_CAPS);
  if (!read.rows) throw fieldError('file', GRADEBOOK_MSG.otherKind);
  return read.rows;
}

interface SheetContext {
  students: Array<SheetStudent & { email: string | null }>;
  activities: Activity[];
  current: Map<string, StoredCell>;
  remembered: Map<string, { activity_id: number | null; max_points: number | null }>;
}

async function sheetContext(db: DbOrTrx, sheet: Sheet): Promise<SheetContext> {
  const members = await listSheetStudents(db, sheet);
  const emails = new Map<number, string | null>();
  if (members.length) {
    const rows = await findUserEmails(
      db,
      members.map((m) => m.id),
    );
    for (const r of rows) emails.set(r.id, r.email ? r.email.trim().toLowerCase() : null);
  }
  const activities = await listActivities(db, { professorSubjectIds: [sheet.id] });
  const current = await findCellValues(
    db,
    members.map((s) => s.id),
    activities.map((a) => a.id),
  );
  const remembered = new Map(
    (await findGradebookColumns(db, sheet.id)).map((r) => [
      r.source_key,
      { activity_id: r.activity_id, max_points: r.max_points === null ? null : Number(r.max_points) },
    ]),
  );
  return { students: members.map((m) => ({ ...m, email: emails.get(m.id) ?? null })), activities, current, remembered };
}

const ignoredReason: Record<Exclude<SourceColumn['kind'], 'item'>, string> = {
  total: GRADEBOOK_MSG.ignoredTotal,
  average: GRADEBOOK_MSG.ignoredAverage,
  feedback: GRADEBOOK_MSG.ignoredFeedback,
  stamp: GRADEBOOK_MSG.ignoredStamp,
};

/** Suggestions prefer a column that needs no maximum: a percentage over points, points over letters. */
const PREFERENCE = { percentage: 0, points: 1, letter: 2 } as const;

/** A file's column as the preview shows it, before it is mapped to an activity or ignored. */
const base = (c: SourceColumn): GradebookColumn => ({
  key: c.key,
  header: c.header,
  name: c.name,
  kind: c.kind,
  display: c.display,
  max: null,
  max_from: null,
  activity_id: null,
  mapped_by: null,
  ignored: null,
});

/**
 * Each grade column's activity: the teacher's choice, else the one remembered for this sheet, else the activity of
 * the same folded name (one column per activity); totals, averages, feedback and the download stamp are ignored.
 */
export function mapColumns(
  table: GradebookTable,
  activities: Activity[],
  remembered: SheetContext['remembered'],
  choices: GradebookChoices['columns'] = {},
): GradebookColumn[] {
  const byId = new Map(activities.map((a) => [a.id, a]));
  const byName = new Map(activities.map((a) => [foldWords(a.activity_name), a]));
  const taken = new Set<number>();
  const out = new Map<number, GradebookColumn>();
  const items = table.columns.filter((c) => c.kind === 'item');
  for (const c of table.columns) {
    if (c.kind !== 'item') out.set(c.index, { ...base(c), ignored: ignoredReason[c.kind] });
  }
  // The teacher's choices and the remembered mapping first, then suggestions for what is left.
  const settled = (c: SourceColumn, activityId: number | null, by: GradebookColumn['mapped_by']) => {
    if (activityId !== null) {
      const activity = byId.get(activityId);
      if (!activity) throw fieldError('choices', GRADEBOOK_MSG.choicesInvalid);
      if (taken.has(activityId)) throw fieldError('choices', GRADEBOOK_MSG.activityTwice(activity.activity_name));
      taken.add(activityId);
    }
    out.set(c.index, { ...base(c), activity_id: activityId, mapped_by: activityId === null ? null : by });
  };
  for (const c of items) {
    const chosen = choices[c.key];
    if (chosen) settled(c, chosen.activity_id, 'teacher');
  }
  for (const c of items) {
    if (out.has(c.index)) continue;
    const kept = remembered.get(c.key);
    if (kept && (kept.activity_id === null || (byId.has(kept.activity_id) && !taken.has(kept.activity_id))))
      settled(c, kept.activity_id, 'remembered');
  }
  const open = items
    .filter((c) => !out.has(c.index))
    .sort((a, b) => PREFERENCE[a.display ?? 'points'] - PREFERENCE[b.display ?? 'points'] || a.index - b.index);
  for (const c of open) {
    const activity = byName.get(foldWords(c.name)) ?? byName.get(foldWords(c.header));
    if (activity && !taken.has(activity.id)) settled(c, activity.id, 'name');
    else settled(c, null, null);
  }
  return table.columns.map((c) => {
    const column = out.get(c.index)!;
    if (c.kind !== 'item') return column;
    const ignored = column.activity_id === null ? GRADEBOOK_MSG.ignoredUnmapped : null;
    if (c.display !== 'points') return { ...column, ignored };
    const teacher = choices[c.key]?.max ?? remembered.get(c.key)?.max_points ?? null;
    if (c.max !== null) return { ...column, ignored, max: c.max, max_from: 'file' };
    return teacher !== null ? { ...column, ignored, max: teacher, max_from: 'teacher' } : { ...column, ignored };
  });
}

type Matched = SourceRow & { user_id: number | null; match: 'email' | 'control' | 'name' | null };

const sortedWords = (text: string) => text.split(' ').sort().join(' ');

/** Each row's student: by e-mail, else by control number (Moodle's ID number), else by folded full name. */
export function matchStudents(rows: SourceRow[], students: SheetContext['students']): Matched[] {
  const byEmail = new Map(students.filter((s) => s.email).map((s) => [s.email!, s]));
  const byControl = new Map(
    students.filter((s) => s.controlnumber).map((s) => [s.controlnumber!.trim().toLowerCase(), s]),
  );
  const byName = new Map<string, SheetStudent | null>();
  for (const s of students) {
    const key = sortedWords(foldWords(s.full_name));
    // Two students of the same name are never matched by name.
    byName.set(key, byName.has(key) ? null : s);
  }
  const seen = new Set<number>();
  return rows.map((r) => {
    const candidates: Array<[SheetStudent | null | undefined, 'email' | 'control' | 'name']> = [
      [r.email ? byEmail.get(r.email) : undefined, 'email'],
      [r.idnumber ? byControl.get(r.idnumber.toLowerCase()) : undefined, 'control'],
      [byName.get(sortedWords(r.names[0]!)), 'name'],
    ];
    for (const [student, how] of candidates) {
      if (student && !seen.has(student.id)) {
        seen.add(student.id);
        return { ...r, user_id: student.id, match: how };
      }
    }
    return { ...r, user_id: null, match: null };
  });
}

const NO_GRADE = new Set(['', '-', '—', 'sin calificar', 'not graded', 'ungraded', 'sin entregar', 'missing']);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A source value as a 0-100 grade: no grade, refused with its reason, or the grade (clamped and said). */
export function convertValue(
  value: CellValue,
  column: GradebookColumn,
): { source: string; grade: number | null; status: 'empty' | 'refused' | 'ok' | 'clamped'; note: string | null } {
  const source = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  if (NO_GRADE.has(foldKey(source))) return { source, grade: null, status: 'empty', note: null };
  const percent = source.endsWith('%');
  const n = numberIn(percent ? source.slice(0, -1) : value);
  if (n === null) {
    const letter = column.display === 'letter' || /^\p{L}/u.test(source);
    return { source, grade: null, status: 'refused', note: letter ? GRADEBOOK_MSG.letter : GRADEBOOK_MSG.notNumber };
  }
  let grade: number;
  if (percent || column.display === 'percentage') grade = n;
  else if (column.display === 'letter') return { source, grade: null, status: 'refused', note: GRADEBOOK_MSG.letter };
  else if (column.max === null) return { source, grade: null, status: 'refused', note: GRADEBOOK_MSG.needsMax };
  else grade = (n / column.max) * 100;
  grade = round2(grade);
  if (grade < LIMITS.gradeMin || grade > LIMITS.gradeMax) {
    const to = Math.min(LIMITS.gradeMax, Math.max(LIMITS.gradeMin, grade));
    return { source, grade: to, status: 'clamped', note: GRADEBOOK_MSG.clamped(source, to) };
  }
  return { source, grade, status: 'ok', note: null };
}

/** The preview of an import: columns, students and every mapped cell with its source, grade and what it replaces. */
export function planGradebookImport(table: GradebookTable, ctx: SheetContext, choices: GradebookChoices) {
  const columns = mapColumns(table, ctx.activities, ctx.remembered, choices.columns);
  const rows = matchStudents(table.rows, ctx.students);
  const byId = new Map(ctx.students.map((s) => [s.id, s]));
  const cells: GradebookCell[] = [];
  const mapped = table.columns.flatMap((c, i) => {
    const column = columns[i]!;
    return column.activity_id === null || column.ignored ? [] : [{ index: c.index, column }];
  });
  for (const r of rows) {
    if (r.user_id === null) continue;
    for (const { index, column } of mapped) {
      const converted = convertValue(r.cells[index] ?? null, column);
      const stored = ctx.current.get(cellKey(r.user_id, column.activity_id!));
      const before = stored?.qualification ?? null;
      const status =
        converted.status === 'ok'
          ? before === converted.grade
            ? 'same'
            : before === null
              ? 'new'
              : 'changed'
          : converted.status === 'clamped' && before === converted.grade
            ? 'same'
            : converted.status;
      cells.push({
        row: r.row,
        user_id: r.user_id,
        activity_id: column.activity_id!,
        column: column.key,
        source: converted.source,
        grade: converted.grade,
        before,
        version: stored?.version ?? 0,
        status,
        note: converted.note,
      });
    }
  }
  const fileIds = new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])));
  return {
    columns,
    activities: ctx.activities.map((a) => ({ id: a.id, activity_name: a.activity_name })),
    rows: rows.map((r) => ({
      row: r.row,
      name: r.name,
      email: r.email,
      user_id: r.user_id,
      controlnumber: r.user_id === null ? null : (byId.get(r.user_id)?.controlnumber ?? null),
      full_name: r.user_id === null ? null : (byId.get(r.user_id)?.full_name ?? null),
      match: r.match,
    })),
    missing: ctx.students
      .filter((s) => !fileIds.has(s.id))
      .map((s) => ({ user_id: s.id, full_name: s.full_name, controlnumber: s.controlnumber })),
    cells,
  };
}

const written = (c: GradebookCell) => c.status === 'new' || c.status === 'changed' || c.status === 'clamped';

function counts(cells: GradebookCell[]) {
  return {
    inserted: cells.filter((c) => written(c) && c.before === null).length,
    updated: cells.filter((c) => written(c) && c.before !== null).length,
    refused: cells.filter((c) => c.status === 'refused').length,
  };
}

/**
 * Imports a Moodle or Classroom gradebook export into a sheet the actor may write (DESIGN §6's guarantees): previewed
 * as it is in a dry run, else written in one transaction as one grade-history batch (source 'importación', the file's
 * name beside it) that 'Deshacer importación' undoes. A cell saved by someone else since the preview (its version
 * differs from the one the preview showed) is not overwritten and comes back as a conflict. The columns' mapping and
 * the maxima the teacher gave are remembered for the sheet's next import.
 */
export async function importGradebook(
  db: Kysely<Database>,
  actor: Actor,
  sheet: Sheet,
  file: { name: string; bytes: Buffer },
  choices: GradebookChoices,
  dryRun: boolean,
  now: string,
): Promise<GradebookImportResult> {
  const table = readGradebook(await readGradebookFile(file.name, file.bytes));
  if (!table) throw fieldError('file', GRADEBOOK_MSG.notGradebook);
  if (!table.rows.length) throw fieldError('file', GRADEBOOK_MSG.empty);
  const ctx = await sheetContext(db, sheet);
  const plan = planGradebookImport(table, ctx, choices);
  if (!plan.rows.some((r) => r.user_id !== null)) throw fieldError('file', GRADEBOOK_MSG.noMatch);
  const head = { source: table.source, file_name: file.name, conflicts: [] };
  if (dryRun)
    return { message: GRADEBOOK_MSG.previewed, dry_run: true, ...head, ...plan, ...counts(plan.cells), batch_id: null };

  const toWrite = plan.cells.filter(written);
  const batchId = randomUUID();
  const info = new Map(
    ctx.activities.map((a) => [a.id, { professor_subject_id: sheet.id, activity_name: a.activity_name }]),
  );
  const result = await db.transaction().execute(async (trx) => {
    const out = await writeGrades(
      trx,
      toWrite.map((c) => ({
        user_id: c.user_id,
        activity_id: c.activity_id,
        qualification: c.grade,
        version: choices.versions?.[gradebookCellKey(c.user_id, c.activity_id)] ?? c.version,
      })),
      info,
      { actorId: actor.id, now, source: 'importación', batchId },
    );
    await rememberColumns(trx, sheet.id, plan.columns, choices);
    if (out.saved.length)
      await recordImport(trx, actor, sheet, {
        batchId,
        fileName: file.name,
        source: table.source,
        cells: out.saved.length,
      });
    return out;
  });
  const kept = new Set(result.conflicts.map((c) => cellKey(c.user_id, c.activity_id)));
  const cells = plan.cells.map((c) =>
    kept.has(cellKey(c.user_id, c.activity_id)) ? { ...c, status: 'kept' as const } : c,
  );
  return {
    message: result.conflicts.length ? GRADEBOOK_MSG.doneWithConflicts : GRADEBOOK_MSG.done,
    dry_run: false,
    ...head,
    ...plan,
    cells,
    ...counts(cells),
    conflicts: result.conflicts,
    batch_id: result.saved.length ? batchId : null,
  };
}

/** A batch that wrote cells: its file's name and kind, kept for the history's list of imports, and its audit entry. */
async function recordImport(
  trx: DbOrTrx,
  actor: Actor,
  sheet: Sheet,
  batch: { batchId: string; fileName: string; source: GradebookTable['source']; cells: number },
): Promise<void> {
  await insertImportFile(trx, {
    batch_id: batch.batchId,
    file_name: batch.fileName.slice(0, 255),
    source_kind: batch.source,
  });
  await auditRow(trx, actor.id, 'grades.import', 'professor_subjects', sheet.id, {
    batch_id: batch.batchId,
    cells: batch.cells,
    file: batch.fileName.slice(0, 255),
    source: batch.source,
  });
}

/** The mapping of this import, remembered for the sheet's next one (the activity, and the maximum the teacher gave). */
async function rememberColumns(
  trx: DbOrTrx,
  sheetId: number,
  columns: GradebookColumn[],
  choices: GradebookChoices,
): Promise<void> {
  const items = columns.filter((c) => c.kind === 'item');
  if (!items.length) return;
  await replaceGradebookColumns(
    trx,
    sheetId,
    items.map((c) => ({
      source_key: c.key,
      activity_id: c.activity_id,
      max_points: c.max_from === 'teacher' ? (choices.columns?.[c.key]?.max ?? c.max) : null,
    })),
  );
}
