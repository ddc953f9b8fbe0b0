import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Improvement actions (CACEI 4.4, DESIGN §2): what a programme did about an attribute of a generation that missed its
 * target. The finding is kept as it was measured when the action was written (students with data, those at Suficiente
 * or above, those at Insuficiente, the target in force then), so later grades never rewrite it; the measured result of
 * the period the action applies to is computed on read. Each subject it acts on is kept with the teachers it had then.
 */
export function improvementActionsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
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
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('planeada', 'en_curso', 'cumplida', 'no_cumplida')`))
        .addColumn('verdict_note', 'text')
        .addColumn('verdict_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('verdict_at', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('improvement_actions_career_idx').on('improvement_actions').columns(['career_id', 'generation_id']).execute();
      for (const column of ['generation_id', 'attribute_id', 'finding_period_id', 'period_id', 'verdict_by', 'created_by']) {
        await db.schema.createIndex(`improvement_actions_${column}_idx`).on('improvement_actions').column(column).execute();
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
      await db.schema.createIndex('improvement_action_subjects_action_idx').on('improvement_action_subjects').columns(['action_id', 'subject_id']).execute();
      await db.schema.createIndex('improvement_action_subjects_subject_idx').on('improvement_action_subjects').column('subject_id').execute();
      await db.schema.createIndex('improvement_action_subjects_teacher_idx').on('improvement_action_subjects').column('teacher_id').execute();

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
      await db.schema.createIndex('improvement_action_followups_action_idx').on('improvement_action_followups').column('action_id').execute();
      await db.schema.createIndex('improvement_action_followups_author_idx').on('improvement_action_followups').column('author_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('improvement_action_followups').execute();
      await db.schema.dropTable('improvement_action_subjects').execute();
      await db.schema.dropTable('improvement_actions').execute();
    },
  };
}
