import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import { initialMigration } from './migrations/0001-initial.js';
import { spanishOrderMigration } from './migrations/0002-spanish-order.js';
import { aggregateIndexesMigration } from './migrations/0003-aggregate-indexes.js';
import { gradeHistoryMigration } from './migrations/0005-grade-history.js';
import { attributeTargetsMigration } from './migrations/0009-attribute-targets.js';
import { attributeRatingSumsMigration } from './migrations/0010-attribute-rating-sums.js';
import { accountSafetyMigration } from './migrations/0011-account-safety.js';
import { restorableSpanishKeyMigration } from './migrations/0012-restorable-spanish-key.js';
import { searchFoldAndCreditsMigration } from './migrations/0013-search-fold-and-credits.js';
import { improvementActionsMigration } from './migrations/0014-improvement-actions.js';
import { careerScopeIndexesMigration } from './migrations/0015-career-scope-indexes.js';
import { cohortIndexesMigration } from './migrations/0016-cohort-indexes.js';
import { gradeRestoreSourceMigration } from './migrations/0017-grade-restore-source.js';
import { oidcSignInMigration } from './migrations/0018-oidc-sign-in.js';
import { mailLinksMigration } from './migrations/0019-mail-links.js';
import { gradebookImportsMigration } from './migrations/0020-gradebook-imports.js';
import { latestGenerationIndexMigration } from './migrations/0021-latest-generation-index.js';

function provider(dialect: Db['dialect']): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': initialMigration(dialect),
        '0002-spanish-order': spanishOrderMigration(dialect),
        '0003-aggregate-indexes': aggregateIndexesMigration,
        '0005-grade-history': gradeHistoryMigration(dialect),
        '0009-attribute-targets': attributeTargetsMigration(dialect),
        '0010-attribute-rating-sums': attributeRatingSumsMigration(dialect),
        '0011-account-safety': accountSafetyMigration(dialect),
        '0012-restorable-spanish-key': restorableSpanishKeyMigration(dialect),
        '0013-search-fold-and-credits': searchFoldAndCreditsMigration(dialect),
        '0014-improvement-actions': improvementActionsMigration(dialect),
        '0015-career-scope-indexes': careerScopeIndexesMigration,
        '0016-cohort-indexes': cohortIndexesMigration,
        '0017-grade-restore-source': gradeRestoreSourceMigration(dialect),
        '0018-oidc-sign-in': oidcSignInMigration,
        '0019-mail-links': mailLinksMigration,
        '0020-gradebook-imports': gradebookImportsMigration,
        '0021-latest-generation-index': latestGenerationIndexMigration,
      };
    },
  };
}

/** The names of the migrations this code knows (a database carrying another one was written by newer code). */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await provider('sqlite').getMigrations());
}

/** Brings the schema to the latest version; throws with the failing migration's error. */
export async function migrateToLatest({ db, dialect }: Db): Promise<void> {
  // Migration numbers are reserved per area and may land in any order; each one is independent of the others.
  const migrator = new Migrator({ db, provider: provider(dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
