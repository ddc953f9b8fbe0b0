import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed.js';
import './provided.js';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Migrating and seeding a new PostgreSQL database takes one to five seconds, copying a prepared one a tenth of
 * that: the server suite on PostgreSQL prepares one template per run, and each test app copies it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('pgTemplate', null);
    return;
  }
  const name = `egreso_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const database = connect(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), { poolSize: 1, quiet: true });
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
  project.provide('pgTemplate', name);
  return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
