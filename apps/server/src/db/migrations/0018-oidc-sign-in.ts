import type { Kysely } from 'kysely';

/**
 * Institutional sign-in (OpenID Connect): the provider's subject on the account it was linked to, the sign-ins under
 * way (only the hash of their state and of the browser's PKCE verifier, for ten minutes, used once) and the
 * one-time codes a finished sign-in hands to the web app (hashed, for a minute, used once). Nothing lives in a
 * process's memory: every process behind a load balancer reads the same rows.
 */
export const oidcSignInMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('oidc_subject', 'varchar(255)').execute();
    await db.schema.createIndex('users_oidc_subject_unique').on('users').column('oidc_subject').unique().execute();
    await db.schema
      .createTable('oidc_sign_ins')
      .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('verifier_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oidc_sign_ins_expires_idx').on('oidc_sign_ins').column('expires_at').execute();
    await db.schema
      .createTable('oidc_handoffs')
      .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oidc_handoffs_expires_idx').on('oidc_handoffs').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('oidc_handoffs').execute();
    await db.schema.dropTable('oidc_sign_ins').execute();
    await db.schema.dropIndex('users_oidc_subject_unique').execute();
    await db.schema.alterTable('users').dropColumn('oidc_subject').execute();
  },
};
