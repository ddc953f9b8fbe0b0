import type { Nullable, SelectQueryBuilder } from 'kysely';
import type {
  ActivitiesTable,
  Database,
  GroupsTable,
  PeriodsTable,
  ProfessorSubjectsTable,
  SubjectsTable,
  UsersTable,
} from './types.js';

/*
 * The joins that hang an assignment's parts on a query, for `$call`: every read of an assignment names them the same
 * way, so an alias always means the same table — `ps` the assignment, `s` its subject, `t` its teacher, `g` its group,
 * `p` its own period; `a` is an activity.
 */

/**
 * A join helper for any query that has the aliases of `From`, adding the aliases of `Added`. Kysely cannot type a join
 * on a query whose database type is generic, so the join is written on the concrete aliases it starts from and the
 * helper states what it adds (inner joins keep the columns' types, left joins make them nullable).
 */
function joinOn<From extends object, Added extends object>(
  join: (qb: SelectQueryBuilder<Database & From, keyof From & string, unknown>) => unknown,
) {
  return <DB extends From, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    join(qb as never) as SelectQueryBuilder<DB & Added, TB | (keyof Added & string), O>;
}

type Assignment = { ps: ProfessorSubjectsTable };

/** The activity's (`a`) assignment as `ps`. */
export const joinActivityAssignment = joinOn<{ a: ActivitiesTable }, Assignment>((qb) =>
  qb.innerJoin('professor_subjects as ps', 'ps.id', 'a.professor_subject_id'),
);

/** The assignment's subject as `s`. */
export const joinAssignmentSubject = joinOn<Assignment, { s: SubjectsTable }>((qb) =>
  qb.innerJoin('subjects as s', 's.id', 'ps.subject_id'),
);

/** The assignment's teacher as `t`. */
export const joinAssignmentTeacher = joinOn<Assignment, { t: UsersTable }>((qb) =>
  qb.innerJoin('users as t', 't.id', 'ps.user_id'),
);

/** The assignment's group as `g`, when it has one. */
export const joinAssignmentGroup = joinOn<Assignment, { g: Nullable<GroupsTable> }>((qb) =>
  qb.leftJoin('groups as g', 'g.id', 'ps.group_id'),
);

/** The assignment's own period as `p`, when it has one. */
export const joinAssignmentPeriod = joinOn<Assignment, { p: Nullable<PeriodsTable> }>((qb) =>
  qb.leftJoin('periods as p', 'p.id', 'ps.period_id'),
);
