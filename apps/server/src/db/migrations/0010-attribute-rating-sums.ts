import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * The attribute ratings' weighted sums, kept per student, assignment and attribute (`modules/ratings/sums.ts`):
 * Σ hundredths(grade) × hundredths(ponderation) and Σ hundredths(ponderation) over the graded grades of activities with
 * a positive ponderation linked to the attribute, with the assignment's subject, period and group copied beside them,
 * so the ratings of a generation are read from about 55,000 rows instead of grouping 500,000 grade × attribute rows.
 *
 * Triggers on every table the sums depend on (grades, activities, their attribute links, assignments) only mark the
 * assignments a write touched in `attribute_rating_sums_dirty`; `refreshRatingSums` recomputes the marked assignments
 * before the sums are read. Plans and timings in bench/RESULTS.md.
 *
 * The backfill's `floor(x * 100 + 0.5)` is the domain's `toHundredths`, spelled out as it was when this migration was
 * written (a migration is history and is not changed); its one definition is `modules/ratings/rounding.ts`, and
 * `modules/ratings/rounding.test.ts` checks that this backfill and the refresh give the same sums.
 */
export function attributeRatingSumsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`create table attribute_rating_sums (
        professor_subject_id integer not null,
        user_id integer not null,
        attribute_id integer not null,
        subject_id integer not null,
        period_id integer,
        group_id integer,
        weighted_sum bigint not null,
        weight_sum bigint not null,
        primary key (professor_subject_id, user_id, attribute_id)
      )`.execute(db);
      // A generation, a student or a list of students: the ratings are grouped from this index alone.
      await sql`create index attribute_rating_sums_user_idx on attribute_rating_sums
        (user_id, subject_id, attribute_id, period_id, group_id, weighted_sum, weight_sum)`.execute(db);
      // A subject (with or without its group and period) without a student filter: the teacher's and the subject's reports.
      await sql`create index attribute_rating_sums_subject_idx on attribute_rating_sums (subject_id, group_id, period_id)`.execute(
        db,
      );
      await sql`create table attribute_rating_sums_dirty (professor_subject_id integer primary key)`.execute(db);
      if (pg) await postgresTriggers(db);
      else await sqliteTriggers(db);
      await sql`insert into attribute_rating_sums
          (professor_subject_id, user_id, attribute_id, subject_id, period_id, group_id, weighted_sum, weight_sum)
        select a.professor_subject_id, ua.user_id, aa.attribute_id, ps.subject_id, ps.period_id, ps.group_id,
          sum(cast(floor(ua.qualification * 100 + 0.5) as bigint) * cast(floor(a.ponderation * 100 + 0.5) as bigint)),
          sum(cast(floor(a.ponderation * 100 + 0.5) as bigint))
        from user_activities ua
        join activities a on a.id = ua.activity_id
        join activity_attributes aa on aa.activity_id = a.id
        join professor_subjects ps on ps.id = a.professor_subject_id
        where ua.qualification is not null and a.ponderation > 0
        group by a.professor_subject_id, ua.user_id, aa.attribute_id, ps.subject_id, ps.period_id, ps.group_id`.execute(
        db,
      );
      if (pg) await sql`analyze attribute_rating_sums`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (pg) {
        for (const t of ['user_activities', 'activities', 'activity_attributes', 'professor_subjects']) {
          for (const op of ['insert', 'update', 'delete'])
            await sql.raw(`drop trigger if exists ars_${t}_${op} on ${t}`).execute(db);
        }
        for (const f of ['ars_mark_grades', 'ars_mark_activities', 'ars_mark_links', 'ars_mark_assignments']) {
          await sql.raw(`drop function if exists ${f}()`).execute(db);
        }
      } else {
        for (const t of ['user_activities', 'activities', 'activity_attributes', 'professor_subjects']) {
          for (const op of ['insert', 'update', 'delete'])
            await sql.raw(`drop trigger if exists ars_${t}_${op}`).execute(db);
        }
      }
      await sql`drop table attribute_rating_sums_dirty`.execute(db);
      await sql`drop table attribute_rating_sums`.execute(db);
    },
  };
}

/**
 * Row triggers: each marks the assignment of the row it changed (a primary-key lookup of the activity at most). They
 * skip an assignment already marked instead of relying on `insert or ignore`: an outer statement's conflict policy
 * (an upsert of grades, `insert or replace`) would override the trigger's.
 */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const unmarked = (column: string) =>
    `not exists (select 1 from attribute_rating_sums_dirty d where d.professor_subject_id = ${column})`;
  // One activity per statement (`a.id = x`, not `a.id in (x, y)` with a distinct): 3 µs a row instead of 6, which an
  // 800-grade save pays 800 times.
  const mark = (activityId: string, unless = '') => `insert into attribute_rating_sums_dirty (professor_subject_id)
       select a.professor_subject_id from activities a where a.id = ${activityId}${unless} and ${unmarked('a.professor_subject_id')};`;
  const markBoth = `${mark('new.activity_id')} ${mark('old.activity_id', ' and old.activity_id <> new.activity_id')}`;
  const markId = (id: string) =>
    `insert into attribute_rating_sums_dirty (professor_subject_id) select ${id} where ${unmarked(id)};`;
  const statements = [
    // Grades: an ungraded row adds nothing to the sums.
    `create trigger ars_user_activities_insert after insert on user_activities when new.qualification is not null begin
       ${mark('new.activity_id')} end`,
    `create trigger ars_user_activities_update after update of user_id, activity_id, qualification on user_activities
       when old.qualification is not new.qualification or old.activity_id <> new.activity_id or old.user_id <> new.user_id begin
       ${markBoth} end`,
    `create trigger ars_user_activities_delete after delete on user_activities when old.qualification is not null begin
       ${mark('old.activity_id')} end`,
    // Activities: a new one has no grades yet; a ponderation or a move changes the sums, and so does a deletion.
    `create trigger ars_activities_update after update of ponderation, professor_subject_id on activities
       when old.ponderation is not new.ponderation or old.professor_subject_id <> new.professor_subject_id begin
       ${markId('old.professor_subject_id')} ${markId('new.professor_subject_id')} end`,
    `create trigger ars_activities_delete after delete on activities begin ${markId('old.professor_subject_id')} end`,
    // Attribute links.
    `create trigger ars_activity_attributes_insert after insert on activity_attributes begin ${mark('new.activity_id')} end`,
    `create trigger ars_activity_attributes_update after update on activity_attributes begin
       ${markBoth} end`,
    `create trigger ars_activity_attributes_delete after delete on activity_attributes begin ${mark('old.activity_id')} end`,
    // Assignments: the subject, group and period are copied into the sums.
    `create trigger ars_professor_subjects_update after update of id, subject_id, group_id, period_id on professor_subjects
       when old.id <> new.id or old.subject_id <> new.subject_id or old.group_id is not new.group_id or old.period_id is not new.period_id begin
       ${markId('old.id')} ${markId('new.id')} end`,
    `create trigger ars_professor_subjects_delete after delete on professor_subjects begin ${markId('old.id')} end`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

/**
 * Statement triggers with transition tables: a batch of 800 grades marks its assignment once, in one statement. A
 * trigger with transition tables takes one event, hence one trigger per event. The planner has no statistics on a
 * transition table: the activities are looked up by `id = any (array(...))`, an index scan whatever it guesses (a
 * join could scan all the activities, ~6 ms per grade save on the scale data; this form costs nothing measurable).
 * Updates mark without comparing old and new rows (such a join of two transition tables may be planned as a nested
 * loop): an update that changes nothing the sums read only costs a recomputation of its assignments.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const into = 'insert into attribute_rating_sums_dirty (professor_subject_id)';
  const done = 'on conflict do nothing';
  const ofActivities = (ids: string) =>
    `${into} select distinct a.professor_subject_id from activities a where a.id = any (array(${ids})) ${done};`;
  const fn = (name: string, body: string) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
    begin
      ${body}
      return null;
    end $$`,
      )
      .execute(db);
  await fn(
    'ars_mark_grades',
    `
      if tg_op = 'INSERT' then
        ${ofActivities('select distinct activity_id from new_rows where qualification is not null')}
      elsif tg_op = 'DELETE' then
        ${ofActivities('select distinct activity_id from old_rows where qualification is not null')}
      else
        ${ofActivities('select activity_id from old_rows union select activity_id from new_rows')}
      end if;`,
  );
  await fn(
    'ars_mark_activities',
    `
      if tg_op = 'DELETE' then
        ${into} select distinct professor_subject_id from old_rows ${done};
      else
        ${into} select professor_subject_id from old_rows union select professor_subject_id from new_rows ${done};
      end if;`,
  );
  await fn(
    'ars_mark_links',
    `
      if tg_op = 'INSERT' then
        ${ofActivities('select distinct activity_id from new_rows')}
      elsif tg_op = 'DELETE' then
        ${ofActivities('select distinct activity_id from old_rows')}
      else
        ${ofActivities('select activity_id from old_rows union select activity_id from new_rows')}
      end if;`,
  );
  await fn(
    'ars_mark_assignments',
    `
      if tg_op = 'DELETE' then
        ${into} select id from old_rows ${done};
      else
        ${into} select id from old_rows union select id from new_rows ${done};
      end if;`,
  );
  const triggers: Array<[string, string]> = [
    ['user_activities', 'ars_mark_grades'],
    ['activities', 'ars_mark_activities'],
    ['activity_attributes', 'ars_mark_links'],
    ['professor_subjects', 'ars_mark_assignments'],
  ];
  for (const [table, f] of triggers) {
    for (const op of ['insert', 'update', 'delete'] as const) {
      // A new activity or assignment has no grades yet: nothing to mark.
      if (op === 'insert' && (table === 'activities' || table === 'professor_subjects')) continue;
      const transition =
        op === 'insert'
          ? 'new table as new_rows'
          : op === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await sql
        .raw(
          `create trigger ars_${table}_${op} after ${op} on ${table} referencing ${transition}
        for each statement execute function ${f}()`,
        )
        .execute(db);
    }
  }
}
