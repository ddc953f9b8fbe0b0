import pg from 'pg';

/*
 * Throwaway PostgreSQL databases for the server tests and their global setup (no vitest import here: the global
 * setup runs outside the test workers).
 */
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

/** A new, empty PostgreSQL database; with `template`, a copy of that database instead. */
export async function createThrowawayPg(
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `egreso_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    name,
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
