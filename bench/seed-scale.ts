import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dialectOf } from '../apps/server/src/db/connect.js';
import { seedScale } from '../apps/server/src/db/scale.js';

const USAGE = `npm run seed:scale -- [--students N] [--database-url URL] [--seed N] [--subjects-per-semester N]

Fills a fresh database (created when missing on PostgreSQL) with a large institution for benchmarks.
  --students N               students (default 5000; at least 72)
  --database-url URL         sqlite:FILE or postgres://… (default sqlite:./data/scale.db)
  --seed N                   pseudo-random seed (default 2026)
  --subjects-per-semester N  subjects in each semester of a career's plan (default 8)`;

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
}

async function databaseSize(url: string): Promise<number> {
  if (dialectOf(url) === 'sqlite') {
    const file = url.replace(/^sqlite:/, '');
    const size = (path: string) => {
      try {
        return statSync(path).size;
      } catch {
        return 0;
      }
    };
    return size(file) + size(`${file}-wal`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string }>('select pg_database_size(current_database()) as size');
    return Number(rows[0]!.size);
  } finally {
    await client.end();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      students: { type: 'string' },
      'database-url': { type: 'string' },
      seed: { type: 'string' },
      'subjects-per-semester': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const url = values['database-url'] ?? 'sqlite:./data/scale.db';
  const students = positiveInteger('students', values.students, 5000);
  console.log(`Seeding ${students} students into ${url.replace(/\/\/[^@/]*@/, '//')} …`);
  const summary = await seedScale(url, {
    students,
    seed: positiveInteger('seed', values.seed, 2026),
    subjectsPerSemester: positiveInteger('subjects-per-semester', values['subjects-per-semester'], 8),
  });
  const size = await databaseSize(url);
  console.log(`Done in ${summary.seconds.toFixed(1)} s; database size ${(size / 1024 / 1024).toFixed(1)} MiB.`);
  for (const [table, n] of Object.entries(summary.counts))
    console.log(`  ${table.padEnd(20)} ${n.toLocaleString('en-US')}`);
  console.log("Accounts (every generated teacher, chief and student shares its role's password):");
  for (const a of summary.accounts) console.log(`  ${a.role.padEnd(18)} ${a.email.padEnd(28)} ${a.password}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
