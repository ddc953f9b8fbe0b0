import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/types.js';
import { inList } from '../../db/in-list.js';
import { fromTenths, hundredths, weightedTenths } from '../../db/rounding.js';

/*
 * Final grades (DESIGN §3) computed in SQL from the grades, identically on SQLite and PostgreSQL, and equal to the
 * domain's `weightedMean` on every input: the rounding is the domain's, mirrored once in `db/rounding.ts`. Attribute
 * ratings and their aggregates live in `modules/ratings`.
 */

/** Σ grade×weight and Σ weight in hundredths over the rows that count (graded, positive ponderation). */
function weightedSums(graded: RawBuilder<unknown>) {
  const q = hundredths('ua.qualification');
  const w = hundredths('a.ponderation');
  return {
    sum: sql<number>`cast(sum(case when ${graded} then ${q} * ${w} else 0 end) as bigint)`,
    weights: sql<number>`cast(sum(case when ${graded} then ${w} else 0 end) as bigint)`,
  };
}

const isGraded = sql`ua.qualification is not null and a.ponderation > 0`;

export interface FinalGradeFilter {
  professorSubjectIds?: readonly number[];
  userIds?: readonly number[];
}

/**
 * Final grades (ponderation-weighted mean of graded activities) per student and professor-subject, as a query to
 * join or filter further: one row per student with any grade row in the assignment; `final_grade` is null when none
 * is graded.
 */
export function selectFinalGrades(db: DbOrTrx, filter: FinalGradeFilter) {
  const sums = weightedSums(isGraded);
  const tenths = weightedTenths(sums);
  let q = db
    .selectFrom('user_activities as ua')
    .innerJoin('activities as a', 'a.id', 'ua.activity_id')
    .select(['ua.user_id', 'a.professor_subject_id', tenths.as('final_tenths'), fromTenths(tenths).as('final_grade')])
    .groupBy(['ua.user_id', 'a.professor_subject_id']);
  if (filter.professorSubjectIds) q = q.where(inList('a.professor_subject_id', filter.professorSubjectIds));
  if (filter.userIds) q = q.where(inList('ua.user_id', filter.userIds));
  return q;
}

export interface FinalGrade {
  user_id: number;
  final_grade: number | null;
}

/** Final grades of the students graded in one professor-subject (a whole group in one query), by student id. */
export async function listFinalGrades(db: DbOrTrx, professorSubjectId: number): Promise<FinalGrade[]> {
  const rows = await selectFinalGrades(db, { professorSubjectIds: [professorSubjectId] })
    .orderBy('ua.user_id')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, final_grade: r.final_grade }));
}
