import type { DbOrTrx } from '../../db/types.js';

export function listSemesters(db: DbOrTrx) {
  return db.selectFrom('semesters').select(['id', 'semester_name']).orderBy('id').execute();
}

export function listSubjectSemesters(db: DbOrTrx) {
  return db
    .selectFrom('subject_semesters')
    .select(['id', 'subject_id', 'semester_id'])
    .orderBy('subject_id')
    .orderBy('semester_id')
    .execute();
}

/** The active period (at most one exists), or undefined when none is active. */
export function findActivePeriod(db: DbOrTrx) {
  return db
    .selectFrom('periods')
    .select(['id', 'period_name', 'status', 'start_date'])
    .where('is_active', '=', 1)
    .executeTakeFirst();
}
