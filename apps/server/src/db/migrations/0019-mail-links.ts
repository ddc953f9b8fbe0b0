import type { Kysely } from 'kysely';

/**
 * Links sent by e-mail (activation, password reset, e-mail change confirmation): only the SHA-256 of each random
 * token is stored, with what it is for, the new address it confirms (an e-mail change), and when it stops being
 * accepted. A link is deleted when used; a new one of the same purpose for the same person deletes the older.
 */
export const mailLinksMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('mail_links')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('new_email', 'varchar(255)')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_links_user_purpose_idx')
      .on('mail_links')
      .columns(['user_id', 'purpose'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mail_links').execute();
  },
};
