import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Improvement actions and the students' status history (CACEI 4.4 and 4.3, DESIGN §2).
 *
 * Improvement actions: what a programme did about an attribute of a generation that missed its
 * target. The finding is kept as it was measured when the action was written (students with data, those at Suficiente
 * or above, those at Insuficiente, the target in force then), so later grades never rewrite it; the measured result of
 * the period the action applies to is computed on read. Each subject it acts on is kept with the teachers it had then.
 */
export function improvementActionsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('improvement_actions')
        .addColumn('id', 'integer', id)
        .addColumn('career_id', 'integer', (c) => c.notNull().references('careers.id').onDelete('cascade'))
        .addColumn('generation_id', 'integer', (c) => c.notNull().references('generations.id').onDelete('cascade'))
        .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id').onDelete('cascade'))
        .addColumn('finding_period_id', 'integer', (c) => c.notNull().references('periods.id').onDelete('cascade'))
        .addColumn('finding_students', 'integer', (c) => c.notNull())
        .addColumn('finding_sufficient', 'integer', (c) => c.notNull())
        .addColumn('finding_insufficient', 'integer', (c) => c.notNull())
        .addColumn('finding_target', 'integer', (c) => c.notNull().check(sql`finding_target between 0 and 100`))
        .addColumn('period_id', 'integer', (c) => c.notNull().references('periods.id').onDelete('cascade'))
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('expected_share', 'integer', (c) => c.notNull().check(sql`expected_share between 0 and 100`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('planeada', 'en_curso', 'cumplida', 'no_cumplida')`),
        )
        .addColumn('verdict_note', 'text')
        .addColumn('verdict_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('verdict_at', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('improvement_actions_career_idx')
        .on('improvement_actions')
        .columns(['career_id', 'generation_id'])
        .execute();
      for (const column of [
        'generation_id',
        'attribute_id',
        'finding_period_id',
        'period_id',
        'verdict_by',
        'created_by',
      ]) {
        await db.schema
          .createIndex(`improvement_actions_${column}_idx`)
          .on('improvement_actions')
          .column(column)
          .execute();
      }

      await db.schema
        .createTable('improvement_action_subjects')
        .addColumn('id', 'integer', id)
        .addColumn('action_id', 'integer', (c) => c.notNull().references('improvement_actions.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        // The teacher of the subject when the subject was added (null: nobody taught it yet); the name stays if the user goes.
        .addColumn('teacher_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('teacher_name', 'text')
        .execute();
      await db.schema
        .createIndex('improvement_action_subjects_action_idx')
        .on('improvement_action_subjects')
        .columns(['action_id', 'subject_id'])
        .execute();
      await db.schema
        .createIndex('improvement_action_subjects_subject_idx')
        .on('improvement_action_subjects')
        .column('subject_id')
        .execute();
      await db.schema
        .createIndex('improvement_action_subjects_teacher_idx')
        .on('improvement_action_subjects')
        .column('teacher_id')
        .execute();

      await db.schema
        .createTable('improvement_action_followups')
        .addColumn('id', 'integer', id)
        .addColumn('action_id', 'integer', (c) => c.notNull().references('improvement_actions.id').onDelete('cascade'))
        .addColumn('followup_date', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('improvement_action_followups_action_idx')
        .on('improvement_action_followups')
        .column('action_id')
        .execute();
      await db.schema
        .createIndex('improvement_action_followups_author_idx')
        .on('improvement_action_followups')
        .column('author_id')
        .execute();
      await statusHistory(db, pg);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (pg) {
        await sql`drop trigger if exists status_changes_record on user_generations`.execute(db);
        await sql`drop function if exists record_status_change()`.execute(db);
      } else {
        await sql`drop trigger if exists status_changes_insert`.execute(db);
        await sql`drop trigger if exists status_changes_update`.execute(db);
      }
      await db.schema.dropTable('status_changes').execute();
      await db.schema.dropTable('improvement_action_followups').execute();
      await db.schema.dropTable('improvement_action_subjects').execute();
      await db.schema.dropTable('improvement_actions').execute();
    },
  };
}

/**
 * Every change of a student's status (Activo 1, Baja 0, Graduado 2) from now on, with its instant and the period it
 * happened in (the active one, else the latest started): written by triggers on `user_generations`, so the status
 * route, link edits, imports and the semester advance all record it in their own transaction, whatever code writes.
 * A link created with a status other than Activo records a change from nothing. Earlier changes were never dated.
 */
async function statusHistory(db: Kysely<unknown>, pg: boolean): Promise<void> {
  await db.schema
    .createTable('status_changes')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('generation_id', 'integer', (c) => c.references('generations.id').onDelete('cascade'))
    .addColumn('from_active', 'integer')
    .addColumn('to_active', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('period_id', 'integer', (c) => c.references('periods.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('status_changes_user_idx')
    .on('status_changes')
    .columns(['user_id', 'changed_at'])
    .execute();
  await db.schema.createIndex('status_changes_generation_idx').on('status_changes').column('generation_id').execute();
  await db.schema.createIndex('status_changes_period_idx').on('status_changes').column('period_id').execute();
  if (pg) {
    await sql
      .raw(
        `create function record_status_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' and new.active = 1 then return null; end if;
        if tg_op = 'UPDATE' and old.active is not distinct from new.active then return null; end if;
        insert into status_changes (user_id, generation_id, from_active, to_active, changed_at, period_id)
        values (new.user_id, new.generation_id, case when tg_op = 'UPDATE' then old.active end, new.active,
          to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          coalesce((select id from periods where is_active = 1 order by id limit 1),
            (select id from periods where start_date <= to_char(current_date, 'YYYY-MM-DD') order by start_date desc, id desc limit 1)));
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger status_changes_record after insert or update of active on user_generations
      for each row execute function record_status_change()`.execute(db);
  } else {
    const record = (
      from: string,
    ) => `insert into status_changes (user_id, generation_id, from_active, to_active, changed_at, period_id)
      values (new.user_id, new.generation_id, ${from}, new.active, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
        coalesce((select id from periods where is_active = 1 order by id limit 1),
          (select id from periods where start_date <= date('now') order by start_date desc, id desc limit 1)));`;
    await sql
      .raw(
        `create trigger status_changes_insert after insert on user_generations when new.active <> 1 begin ${record('null')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger status_changes_update after update of active on user_generations when old.active is not new.active
      begin ${record('old.active')} end`,
      )
      .execute(db);
  }
}
