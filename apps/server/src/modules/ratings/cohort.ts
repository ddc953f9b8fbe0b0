import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { ROLE } from '@egreso/domain';
import { peopleInScope } from '../../db/career-scope.js';
import type { Database, DbOrTrx } from '../../db/types.js';

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

/**
 * SQL condition: the attribute whose career column is `careerRef` counts in the career's reports, being the career's
 * own or shared (no career: DESIGN §5, "it counts in every career's reports for that career's students").
 */
export function countsInCareer(careerRef: string, careerId: number): Expression<SqlBool> {
  const ref = sql.ref(careerRef);
  return sql<SqlBool>`(${ref} = ${careerId} or ${ref} is null)`;
}

/** The attributes a career's reports count (its own and the shared ones), as a subquery of ids. */
export const careerAttributeIds = (db: DbOrTrx, careerId: number) =>
  db.selectFrom('attributes as ca').select('ca.id').where(countsInCareer('ca.career_id', careerId));

type RatingTables = Database & { s: Database['attribute_rating_sums'] };

/**
 * The division report's rule for the rating records of some careers (a chief's, or every career for an
 * administrator), on the stored sums `s`: the student is one the careers' chief sees (linked to one of them, or to
 * none: `peopleInScope`, as in the people lists), and the attribute is shared or of one of the careers, which a
 * student linked to careers counts in only when linked to that one (the cohort evidence's rule). `studentsInScope`:
 * the caller's condition already keeps only the careers' students.
 */
export function ratedInCareers(
  eb: ExpressionBuilder<RatingTables, 's'>,
  careerIds: readonly number[],
  { studentsInScope = false }: { studentsInScope?: boolean } = {},
) {
  const careers = careerIds.length ? [...careerIds] : [0];
  return eb.and([
    // Left out when the caller already keeps only the careers' students (a generation's, in `ratingConditions`):
    // joining the records to the careers' people a second time cost a hash join of every record.
    studentsInScope ? eb.lit(true) : peopleInScope(eb, { all: false, careers: [...careerIds] }, 's.user_id'),
    eb.exists(
      eb
        .selectFrom('attributes as ca')
        .select('ca.id')
        .whereRef('ca.id', '=', 's.attribute_id')
        .where((w) =>
          w.or([
            w('ca.career_id', 'is', null),
            w.and([
              w('ca.career_id', 'in', careers),
              w.or([
                w.exists(
                  w
                    .selectFrom('user_careers as cuc')
                    .select('cuc.id')
                    .whereRef('cuc.career_id', '=', 'ca.career_id')
                    .whereRef('cuc.user_id', '=', 's.user_id'),
                ),
                w.not(
                  w.exists(
                    w.selectFrom('user_careers as nuc').select('nuc.id').whereRef('nuc.user_id', '=', 's.user_id'),
                  ),
                ),
              ]),
            ]),
          ]),
        ),
    ),
  ]);
}
