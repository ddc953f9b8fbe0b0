import type { CareerScope } from '@egreso/domain';
import { careerColumnInScope } from '../../db/career-scope.js';
import type { DbOrTrx } from '../../db/types.js';
import { assignmentsQuery } from '../assignments/index.js';

/**
 * The assignments of a subject in a group (one teacher's when `userId` is given), the active period first, then
 * the most recent; assignments without a period last.
 */
export function listSubjectGroupAssignments(
  db: DbOrTrx,
  subjectId: number,
  groupId: number,
  filter: { userId?: number; periodId?: number; scope?: CareerScope },
) {
  let q = assignmentsQuery(db).where('ps.subject_id', '=', subjectId).where('ps.group_id', '=', groupId);
  if (filter.userId !== undefined) q = q.where('ps.user_id', '=', filter.userId);
  if (filter.periodId !== undefined) q = q.where('ps.period_id', '=', filter.periodId);
  if (filter.scope) {
    const scope = filter.scope;
    q = q.where((eb) => careerColumnInScope(eb, scope, 'ps.career_id'));
  }
  return q
    .orderBy((eb) => eb.case().when('p.is_active', '=', 1).then(0).when('p.id', 'is', null).then(2).else(1).end())
    .orderBy('p.start_date', 'desc')
    .orderBy('ps.id', 'desc')
    .execute();
}

export type SubjectGroupAssignment = Awaited<ReturnType<typeof listSubjectGroupAssignments>>[number];
