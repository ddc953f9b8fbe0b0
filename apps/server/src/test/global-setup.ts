import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed.js';
import './provided.js';
import { createThrowawayPg } from './throwaway-pg.js';

/**
 * Migrating and seeding a new PostgreSQL database takes one to five seconds, copying a prepared one a tenth of
 * that: the server suite on PostgreSQL prepares one template per run, and each test app copies it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('pgTemplate', null);
    return;
  }
  const template = await createThrowawayPg();
  const database = connect(template.url, { poolSize: 1, quiet: true });
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
  project.provide('pgTemplate', template.name);
  return template.drop;
}
