import { ROLE } from '@egreso/domain';
import type { DbOrTrx } from '../../db/types.js';

/** A cohort: the students of one generation linked to one career. */
export interface CohortScope {
  generationId: number;
  careerId: number;
}

/** Students of the generation linked to the career (the cohort), as a subquery of user ids. */
export function cohortUserIds(db: DbOrTrx, scope: CohortScope) {
  return db
    .selectFrom('user_generations as ug')
    .innerJoin('user_careers as uc', 'uc.user_id', 'ug.user_id')
    .innerJoin('users as cu', 'cu.id', 'ug.user_id')
    .where('ug.generation_id', '=', scope.generationId)
    .where('uc.career_id', '=', scope.careerId)
    .where('cu.role', '=', ROLE.STUDENT)
    .select('ug.user_id');
}

/** The career's attributes, as a subquery of ids. */
export const careerAttributeIds = (db: DbOrTrx, careerId: number) =>
  db.selectFrom('attributes as ca').select('ca.id').where('ca.career_id', '=', careerId);
