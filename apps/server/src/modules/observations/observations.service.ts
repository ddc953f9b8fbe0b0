import type { Kysely } from 'kysely';
import { OBSERVATION_MSG, type Actor, type observationBatchBody } from '@egreso/domain';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { forbidden, unprocessable } from '../../lib/http-errors.js';
import { audit } from '../../lib/audit.js';
import { activityOwners } from '../activities/index.js';
import { insertObservations, subjectAttributePairs, teacherSheetsOfStudents } from './observations.repository.js';

type Row = z.output<typeof observationBatchBody>['observaciones'][number];

/**
 * Saves a teacher's observations in one transaction. Blank ones are skipped; the professor is always the teacher in
 * session (another id is refused); each student must be on one of the teacher's sheets of that subject and the
 * attribute linked to the subject, else 422 naming the row and nothing is saved. The period is always the sheet's.
 */
export async function saveObservations(db: Kysely<Database>, actor: Actor, rows: Row[], now: string): Promise<number> {
  if (rows.some((r) => r.professor_id != null && r.professor_id !== actor.id))
    throw forbidden(OBSERVATION_MSG.professorMismatch);
  const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.observation !== '');
  if (!filled.length) throw unprocessable({ observaciones: [OBSERVATION_MSG.required] }, OBSERVATION_MSG.required);
  const sheets = await teacherSheetsOfStudents(
    db,
    actor.id,
    filled.map((f) => f.row.subject_id),
    filled.map((f) => f.row.user_id),
  );
  const pairs = await subjectAttributePairs(
    db,
    filled.map((f) => f.row.subject_id),
  );
  const activities = await activityOwners(
    db,
    filled.flatMap((f) => (f.row.activity_id ? [f.row.activity_id] : [])),
  );
  const errors: Record<string, string[]> = {};
  for (const { row, index } of filled) {
    if (!sheets.has(`${row.subject_id}:${row.user_id}`))
      errors[`observaciones.${index}.user_id`] = [OBSERVATION_MSG.notOnSheet];
    else if (!pairs.has(`${row.subject_id}:${row.attribute_id}`))
      errors[`observaciones.${index}.attribute_id`] = [OBSERVATION_MSG.attributeNotInSubject];
    else if (
      row.activity_id &&
      activities.get(row.activity_id)?.professor_subject_id !==
        sheets.get(`${row.subject_id}:${row.user_id}`)!.professor_subject_id
    ) {
      errors[`observaciones.${index}.activity_id`] = [OBSERVATION_MSG.activityNotInSheet];
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0]![0]);
  await db.transaction().execute(async (trx) => {
    await insertObservations(
      trx,
      filled.map(({ row }) => ({
        user_id: row.user_id,
        attribute_id: row.attribute_id,
        subject_id: row.subject_id,
        professor_id: actor.id,
        period_id: sheets.get(`${row.subject_id}:${row.user_id}`)!.period_id,
        activity_id: row.activity_id ?? null,
        observation: row.observation,
      })),
      now,
    );
    await audit(trx, {
      userId: actor.id,
      action: 'observations.save',
      entity: 'observations',
      details: { count: filled.length },
    });
  });
  return filled.length;
}
