import {
  ACTIVITY_MSG,
  GRADE_MSG,
  ROLE,
  SCOPE_MSG,
  canGrade,
  canReadGrades,
  careerInScope,
  type Actor,
  type CareerScope,
} from '@egreso/domain';
import { careerScope } from '../../db/career-scope.js';
import type { DbOrTrx } from '../../db/types.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { findSheet, findSheetBySubjectGroup, findSheets, type Sheet } from './sheets.repository.js';

/**
 * Refuses a reader who is neither the assignment's teacher, nor an administrator, nor a chief of the assignment's
 * career (DESIGN §5; an assignment without a career is read by its teacher and administrators only).
 */
async function assertCanRead(db: DbOrTrx, actor: Actor, sheet: Sheet, scope?: CareerScope): Promise<Sheet> {
  if (!canReadGrades(actor, sheet)) throw forbidden();
  if (actor.role === ROLE.CHIEF && !careerInScope(scope ?? (await careerScope(db, actor)), sheet.career_id))
    throw forbidden(SCOPE_MSG.sheet);
  return sheet;
}

/** Only the assignment's teacher writes, and only while its period is open. */
export function assertCanWrite(actor: Actor, sheet: Sheet, closedMessage: string = GRADE_MSG.periodClosed): Sheet {
  if (!canGrade(actor, sheet)) throw forbidden();
  if (!sheet.editable) throw conflict(closedMessage);
  return sheet;
}

/** The assignment named in a path (404 when missing). */
export async function sheetById(db: DbOrTrx, actor: Actor, id: number, mode: 'read' | 'write'): Promise<Sheet> {
  const sheet = await findSheet(db, id);
  if (!sheet) throw notFound(ACTIVITY_MSG.assignmentMissing);
  return mode === 'read' ? assertCanRead(db, actor, sheet) : assertCanWrite(actor, sheet);
}

/** The assignment named in a body field (422 on that field when missing). */
export async function sheetByField(
  db: DbOrTrx,
  actor: Actor,
  id: number,
  field: string,
  mode: 'read' | 'write',
): Promise<Sheet> {
  const sheet = await findSheet(db, id);
  if (!sheet) throw fieldError(field, ACTIVITY_MSG.assignmentMissing);
  return mode === 'read' ? assertCanRead(db, actor, sheet) : assertCanWrite(actor, sheet);
}

/** The sheet of a subject and group in a period (the spec's screens address sheets this way). */
export async function sheetBySubjectGroup(
  db: DbOrTrx,
  actor: Actor,
  subjectId: number,
  groupId: number,
  periodId: number | undefined,
  mode: 'read' | 'write',
): Promise<Sheet> {
  const sheet = await findSheetBySubjectGroup(db, subjectId, groupId, periodId, actor.id);
  if (!sheet) throw notFound(GRADE_MSG.sheetMissing);
  return mode === 'read' ? assertCanRead(db, actor, sheet) : assertCanWrite(actor, sheet);
}

/** Every assignment touched by a request, each checked; the first refusal answers. */
export async function sheetsByIds(
  db: DbOrTrx,
  actor: Actor,
  ids: number[],
  mode: 'read' | 'write',
): Promise<Map<number, Sheet>> {
  const sheets = await findSheets(db, ids);
  const scope = mode === 'read' ? await careerScope(db, actor) : undefined;
  for (const sheet of sheets.values()) {
    if (mode === 'read') await assertCanRead(db, actor, sheet, scope);
    else assertCanWrite(actor, sheet);
  }
  return sheets;
}

/**
 * Grade history readers: the assignment's teacher, an administrator, or a chief of the assignment's career. An
 * assignment deleted since (its activities gone) is readable by administrators only.
 */
export async function assertCanReadHistory(db: DbOrTrx, actor: Actor, assignmentIds: number[]): Promise<void> {
  const sheets = await findSheets(db, assignmentIds);
  if (actor.role === ROLE.ADMIN) return;
  const scope = actor.role === ROLE.CHIEF ? await careerScope(db, actor) : { all: false as const, careers: [] };
  for (const id of new Set(assignmentIds)) {
    const sheet = sheets.get(id);
    const allowed = sheet !== undefined && (canGrade(actor, sheet) || careerInScope(scope, sheet.career_id));
    if (!allowed) throw forbidden();
  }
}
