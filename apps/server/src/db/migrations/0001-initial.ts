import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** The whole data model of the product, portable across SQLite and PostgreSQL. */
export function initialMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const float = pg ? sql`double precision` : sql`real`;
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    t.addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
  const stamps = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
  const ref =
    (table: string, onDelete: 'cascade' | 'restrict' | 'set null', notNull = true): Col =>
    (c) => {
      const b = c.references(`${table}.id`).onDelete(onDelete);
      return notNull ? b.notNull() : b;
    };

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;

      await stamps(
        withId(s.createTable('users'))
          .addColumn('full_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('role', 'integer', (c) => c.notNull().check(sql`role between 0 and 3`))
          .addColumn('controlnumber', 'text')
          .addColumn('gender', 'integer', (c) => c.check(sql`gender in (1, 2)`))
          .addColumn('photo', 'text'),
      ).execute();
      await s.createIndex('users_role_idx').on('users').columns(['role', 'full_name']).execute();
      await s.createIndex('users_controlnumber_idx').on('users').column('controlnumber').execute();

      await withId(s.createTable('access_tokens'))
        .addColumn('user_id', 'integer', ref('users', 'cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await s.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

      await withId(s.createTable('user_sessions'))
        .addColumn('user_id', 'integer', ref('users', 'cascade'))
        .addColumn('logged_in_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .execute();
      await s.createIndex('user_sessions_user_idx').on('user_sessions').columns(['user_id', 'logged_in_at']).execute();

      await withId(s.createTable('login_failures'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .execute();
      await s.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'failed_at']).execute();

      await s
        .createTable('login_lockouts')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('locked_until', 'text', (c) => c.notNull())
        .execute();

      await stamps(
        withId(s.createTable('careers'))
          .addColumn('career_key', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull()),
      ).execute();

      await withId(s.createTable('user_careers'))
        .addColumn('user_id', 'integer', ref('users', 'cascade'))
        .addColumn('career_id', 'integer', ref('careers', 'restrict'))
        .addUniqueConstraint('user_careers_unique', ['user_id', 'career_id'])
        .execute();
      await s.createIndex('user_careers_career_idx').on('user_careers').column('career_id').execute();

      await s
        .createTable('semesters')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('semester_name', 'text', (c) => c.notNull())
        .execute();

      await stamps(
        withId(s.createTable('groups'))
          .addColumn('group_name', 'text', (c) => c.notNull().unique())
          .addColumn('semester_id', 'integer', ref('semesters', 'restrict', false)),
      ).execute();
      await s.createIndex('groups_semester_idx').on('groups').column('semester_id').execute();

      await withId(s.createTable('user_groups'))
        .addColumn('user_id', 'integer', ref('users', 'cascade'))
        .addColumn('group_id', 'integer', ref('groups', 'restrict'))
        .addUniqueConstraint('user_groups_unique', ['user_id', 'group_id'])
        .execute();
      await s.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();

      await stamps(
        withId(s.createTable('generations'))
          .addColumn('start_date', 'text', (c) => c.notNull().unique())
          .addColumn('end_date', 'text', (c) => c.notNull()),
      ).execute();

      await stamps(
        withId(s.createTable('user_generations'))
          .addColumn('user_id', 'integer', ref('users', 'cascade'))
          .addColumn('generation_id', 'integer', ref('generations', 'restrict'))
          .addColumn('current_semester_id', 'integer', ref('semesters', 'restrict', false))
          .addColumn('active', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`active in (0, 1, 2)`),
          ),
      ).execute();
      await s.createIndex('user_generations_user_idx').on('user_generations').column('user_id').execute();
      await s
        .createIndex('user_generations_generation_idx')
        .on('user_generations')
        .columns(['generation_id', 'active'])
        .execute();

      await stamps(
        withId(s.createTable('periods'))
          .addColumn('period_name', 'text', (c) => c.notNull().unique())
          .addColumn('start_date', 'text', (c) => c.notNull())
          .addColumn('end_date', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('published')
              .check(sql`status in ('published', 'closed')`),
          )
          .addColumn('is_active', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`is_active in (0, 1)`),
          )
          .addColumn('notes', 'text'),
      ).execute();
      // At most one active period, whatever the races between requests.
      await s
        .createIndex('periods_one_active')
        .on('periods')
        .column('is_active')
        .unique()
        .where(sql.ref('is_active'), '=', 1)
        .execute();
      await s.createIndex('periods_status_idx').on('periods').columns(['status', 'start_date']).execute();

      await stamps(
        withId(s.createTable('subjects'))
          .addColumn('subject_name', 'text', (c) => c.notNull())
          .addColumn('subject_key', 'text', (c) => c.notNull().unique())
          .addColumn('theory_credits', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('practice_credits', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await s
        .createTable('subject_prerequisites')
        .addColumn('subject_id', 'integer', ref('subjects', 'cascade'))
        .addColumn('prerequisite_id', 'integer', ref('subjects', 'restrict'))
        .addPrimaryKeyConstraint('subject_prerequisites_pk', ['subject_id', 'prerequisite_id'])
        .addCheckConstraint('subject_prerequisites_not_self', sql`subject_id <> prerequisite_id`)
        .execute();
      await s
        .createIndex('subject_prerequisites_prereq_idx')
        .on('subject_prerequisites')
        .column('prerequisite_id')
        .execute();

      await withId(s.createTable('subject_semesters'))
        .addColumn('subject_id', 'integer', ref('subjects', 'cascade'))
        .addColumn('semester_id', 'integer', ref('semesters', 'restrict'))
        .addUniqueConstraint('subject_semesters_unique', ['subject_id', 'semester_id'])
        .execute();
      await s.createIndex('subject_semesters_semester_idx').on('subject_semesters').column('semester_id').execute();

      await s
        .createTable('subject_careers')
        .addColumn('subject_id', 'integer', ref('subjects', 'cascade'))
        .addColumn('career_id', 'integer', ref('careers', 'restrict'))
        .addPrimaryKeyConstraint('subject_careers_pk', ['subject_id', 'career_id'])
        .execute();
      await s.createIndex('subject_careers_career_idx').on('subject_careers').column('career_id').execute();

      await stamps(
        withId(s.createTable('attributes'))
          .addColumn('attribute_name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('codigo', 'text')
          .addColumn('career_id', 'integer', ref('careers', 'restrict', false)),
      ).execute();
      await s.createIndex('attributes_career_idx').on('attributes').column('career_id').execute();

      await withId(s.createTable('subject_attributes'))
        .addColumn('subject_id', 'integer', ref('subjects', 'cascade'))
        .addColumn('attribute_id', 'integer', ref('attributes', 'restrict'))
        .addColumn('knowledge_level', 'text', (c) =>
          c
            .notNull()
            .defaultTo('I')
            .check(sql`knowledge_level in ('I', 'M', 'A')`),
        )
        .addUniqueConstraint('subject_attributes_unique', ['subject_id', 'attribute_id'])
        .execute();
      await s.createIndex('subject_attributes_attribute_idx').on('subject_attributes').column('attribute_id').execute();

      await withId(s.createTable('professor_subjects'))
        .addColumn('user_id', 'integer', ref('users', 'restrict'))
        .addColumn('subject_id', 'integer', ref('subjects', 'restrict'))
        .addColumn('group_id', 'integer', ref('groups', 'restrict', false))
        .addColumn('period_id', 'integer', ref('periods', 'restrict', false))
        .addColumn('career_id', 'integer', ref('careers', 'restrict', false))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('professor_subjects_unique', ['user_id', 'subject_id', 'group_id', 'period_id'])
        .execute();
      await s.createIndex('professor_subjects_user_idx').on('professor_subjects').column('user_id').execute();
      await s
        .createIndex('professor_subjects_subject_group_idx')
        .on('professor_subjects')
        .columns(['subject_id', 'group_id'])
        .execute();
      await s.createIndex('professor_subjects_group_idx').on('professor_subjects').column('group_id').execute();
      await s.createIndex('professor_subjects_period_idx').on('professor_subjects').column('period_id').execute();
      await s.createIndex('professor_subjects_career_idx').on('professor_subjects').column('career_id').execute();

      await stamps(
        withId(s.createTable('activities'))
          .addColumn('professor_subject_id', 'integer', ref('professor_subjects', 'restrict'))
          .addColumn('activity_name', 'text', (c) => c.notNull())
          .addColumn('type_activity', 'text')
          .addColumn('evaluation_instrument', 'text')
          .addColumn('ponderation', float, (c) => c.notNull().defaultTo(100)),
      ).execute();
      await s.createIndex('activities_ps_idx').on('activities').column('professor_subject_id').execute();

      await s
        .createTable('activity_attributes')
        .addColumn('activity_id', 'integer', ref('activities', 'cascade'))
        .addColumn('attribute_id', 'integer', ref('attributes', 'restrict'))
        .addPrimaryKeyConstraint('activity_attributes_pk', ['activity_id', 'attribute_id'])
        .execute();
      await s
        .createIndex('activity_attributes_attribute_idx')
        .on('activity_attributes')
        .column('attribute_id')
        .execute();

      await withId(s.createTable('user_activities'))
        .addColumn('user_id', 'integer', ref('users', 'restrict'))
        .addColumn('activity_id', 'integer', ref('activities', 'restrict'))
        .addColumn('qualification', float, (c) => c.check(sql`qualification between 0 and 100`))
        .addColumn('updated_by', 'integer', ref('users', 'set null', false))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('user_activities_unique', ['user_id', 'activity_id'])
        .execute();
      await s.createIndex('user_activities_activity_idx').on('user_activities').column('activity_id').execute();

      await withId(s.createTable('enrolments'))
        .addColumn('user_id', 'integer', ref('users', 'restrict'))
        .addColumn('subject_id', 'integer', ref('subjects', 'restrict'))
        .addColumn('semester_id', 'integer', ref('semesters', 'restrict'))
        .addColumn('period_id', 'integer', ref('periods', 'restrict'))
        .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('enrolments_unique', ['user_id', 'subject_id', 'period_id'])
        .execute();
      await s
        .createIndex('enrolments_subject_period_idx')
        .on('enrolments')
        .columns(['subject_id', 'period_id'])
        .execute();
      await s.createIndex('enrolments_period_idx').on('enrolments').column('period_id').execute();

      await withId(s.createTable('observations'))
        .addColumn('user_id', 'integer', ref('users', 'restrict'))
        .addColumn('attribute_id', 'integer', ref('attributes', 'restrict'))
        .addColumn('subject_id', 'integer', ref('subjects', 'restrict'))
        .addColumn('professor_id', 'integer', ref('users', 'restrict'))
        .addColumn('period_id', 'integer', ref('periods', 'restrict', false))
        .addColumn('activity_id', 'integer', ref('activities', 'set null', false))
        .addColumn('observation', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await s
        .createIndex('observations_user_subject_idx')
        .on('observations')
        .columns(['user_id', 'subject_id', 'attribute_id'])
        .execute();
      await s.createIndex('observations_professor_idx').on('observations').column('professor_id').execute();
      await s.createIndex('observations_attribute_idx').on('observations').column('attribute_id').execute();
      await s.createIndex('observations_subject_idx').on('observations').column('subject_id').execute();

      await withId(s.createTable('rubrics'))
        .addColumn('professor_subject_id', 'integer', (c) =>
          c.notNull().unique().references('professor_subjects.id').onDelete('restrict'),
        )
        .addColumn('rubric_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(s.createTable('evaluation_criterias'))
        .addColumn('rubric_id', 'integer', ref('rubrics', 'cascade'))
        .addColumn('attribute_id', 'integer', ref('attributes', 'restrict'))
        .addColumn('name_criterion', 'text', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight between 1 and 100`))
        .execute();
      await s
        .createIndex('evaluation_criterias_rubric_idx')
        .on('evaluation_criterias')
        .columns(['rubric_id', 'attribute_id'])
        .execute();
      await s
        .createIndex('evaluation_criterias_attribute_idx')
        .on('evaluation_criterias')
        .column('attribute_id')
        .execute();

      await withId(s.createTable('indicators'))
        .addColumn('evaluationcriteria_id', 'integer', ref('evaluation_criterias', 'cascade'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight between 1 and 100`))
        .execute();
      await s.createIndex('indicators_criteria_idx').on('indicators').column('evaluationcriteria_id').execute();

      await s
        .createTable('evaluation_scales')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('scale_name', 'text', (c) => c.notNull().unique())
        .addColumn('min_value', 'integer', (c) => c.notNull())
        .addColumn('max_value', 'integer', (c) => c.notNull())
        .execute();

      await withId(s.createTable('criteria_scales'))
        .addColumn('evaluationcriteria_id', 'integer', ref('evaluation_criterias', 'cascade'))
        .addColumn('scale_id', 'integer', ref('evaluation_scales', 'restrict'))
        .addColumn('custom_description', 'text', (c) => c.notNull())
        .addUniqueConstraint('criteria_scales_unique', ['evaluationcriteria_id', 'scale_id'])
        .execute();

      await s
        .createTable('group_policy')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('odd_months', 'text', (c) => c.notNull())
        .addColumn('even_months', 'text', (c) => c.notNull())
        .addColumn('fallback', 'text', (c) => c.notNull())
        .addColumn('naming_scheme', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(s.createTable('audit_log'))
        .addColumn('user_id', 'integer', ref('users', 'set null', false))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text')
        .addColumn('entity_id', 'integer')
        .addColumn('details', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await s.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
    },
  };
}
