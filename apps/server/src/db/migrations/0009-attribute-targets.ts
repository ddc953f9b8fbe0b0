import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Targets per career and attribute (DESIGN §2): the share of students with data that should reach Suficiente or
 * above, kept per period so that a later change does not rewrite an earlier period's verdict.
 */
export function attributeTargetsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('attribute_targets')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('career_id', 'integer', (c) => c.notNull().references('careers.id').onDelete('cascade'))
        .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id').onDelete('cascade'))
        .addColumn('period_id', 'integer', (c) => c.notNull().references('periods.id').onDelete('cascade'))
        .addColumn('target', 'integer', (c) => c.notNull().check(sql`target between 0 and 100`))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('attribute_targets_unique', ['career_id', 'attribute_id', 'period_id'])
        .execute();
      await db.schema
        .createIndex('attribute_targets_attribute_idx')
        .on('attribute_targets')
        .column('attribute_id')
        .execute();
      await db.schema.createIndex('attribute_targets_period_idx').on('attribute_targets').column('period_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('attribute_targets').execute();
    },
  };
}
