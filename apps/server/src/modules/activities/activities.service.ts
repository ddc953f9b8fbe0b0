import { ACTIVITY_MSG, type activityBulkBody } from '@egreso/domain';
import type { z } from 'zod';
import type { DbOrTrx } from '../../db/types.js';
import { unprocessable } from '../../lib/http-errors.js';
import type { Sheet } from '../sheets/index.js';
import {
  activityOwners,
  insertActivity,
  listActivityNames,
  replaceActivityAttributes,
  subjectAttributeIds,
  updateActivity,
} from './activities.repository.js';

type Parsed = z.output<typeof activityBulkBody>['activities'][number];

/** An activity with neither a name nor attributes is an empty row of the matrix: it is dropped, not refused. */
export const isBlankActivity = (a: Parsed) => a.activity_name === '' && a.attribute_ids.length === 0;

/**
 * Saves the matrix of one assignment in one transaction: every kept row is checked first (name, attributes of the
 * subject, ids of this assignment, names unique) so one bad row writes nothing; then activities are created or updated
 * and their attribute links replaced. Field errors name the row as it was sent (`activities.3.attribute_ids`).
 */
export async function saveActivities(trx: DbOrTrx, sheet: Sheet, rows: Parsed[], now: string): Promise<void> {
  const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlankActivity(row));
  const allowed = await subjectAttributeIds(trx, sheet.subject_id);
  const owners = await activityOwners(
    trx,
    kept.flatMap(({ row }) => (row.id ? [row.id] : [])),
  );
  const existing = await listActivityNames(trx, sheet.id);
  const sentIds = new Set(kept.flatMap(({ row }) => (row.id ? [row.id] : [])));
  const names = new Map<string, number>();
  for (const a of existing) if (!sentIds.has(a.id)) names.set(a.activity_name.trim().toLocaleLowerCase('es-MX'), a.id);

  const errors: Record<string, string[]> = {};
  for (const { row, index } of kept) {
    const at = (field: string, message: string) => {
      errors[`activities.${index}.${field}`] = [message];
    };
    if (row.id && owners.get(row.id)?.professor_subject_id !== sheet.id) at('id', ACTIVITY_MSG.notInAssignment);
    if (row.activity_name === '') at('activity_name', ACTIVITY_MSG.nameRequired);
    else {
      const key = row.activity_name.toLocaleLowerCase('es-MX');
      if (names.has(key)) at('activity_name', ACTIVITY_MSG.duplicateName);
      names.set(key, row.id ?? -index - 1);
    }
    if (row.attribute_ids.some((id) => !allowed.has(id))) at('attribute_ids', ACTIVITY_MSG.attributeNotInSubject);
  }
  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0]![0]);

  const links = new Map<number, number[]>();
  for (const { row } of kept) {
    const values = {
      activity_name: row.activity_name,
      type_activity: row.type_activity,
      evaluation_instrument: row.evaluation_instrument,
      ponderation: row.ponderation,
    };
    if (row.id) await updateActivity(trx, row.id, values, now);
    const id = row.id ?? (await insertActivity(trx, sheet.id, values, now));
    links.set(id, row.attribute_ids);
  }
  await replaceActivityAttributes(trx, links);
}
