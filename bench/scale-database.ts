import type { Compilable, Kysely } from 'kysely';
import { parseArgs } from 'node:util';
import { connect, type Db } from '../apps/server/src/db/connect.js';
import type { Database } from '../apps/server/src/db/types.js';

/** What a benchmark on a database filled by `npm run seed:scale` was asked: its connection, runs and flags. */
export interface ScaleBench<F extends string> {
  database: Db;
  runs: number;
  flags: Record<F, boolean>;
}

/**
 * Reads `--database-url URL [--runs N] [--help]` and the boolean `flags` of the command line, and connects (2
 * connections, no log). Prints `usage` and answers null on --help or without --database-url.
 */
export function openScaleDatabase<F extends string = never>(
  usage: string,
  defaultRuns: number,
  flags: readonly F[] = [],
): ScaleBench<F> | null {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean' },
      ...Object.fromEntries(flags.map((f) => [f, { type: 'boolean' as const }])),
    },
  });
  const given = values as Record<string, string | boolean | undefined>;
  const url = given['database-url'];
  if (given.help || typeof url !== 'string' || !url) {
    console.log(usage);
    return null;
  }
  return {
    database: connect(url, { quiet: true, poolSize: 2 }),
    runs: Number(given.runs ?? defaultRuns),
    flags: Object.fromEntries(flags.map((f) => [f, given[f] === true])) as Record<F, boolean>,
  };
}

/**
 * A query's plan: SQLite's EXPLAIN QUERY PLAN (`nested`: a child step indented under its parent) or PostgreSQL's
 * EXPLAIN (ANALYZE, BUFFERS).
 */
export async function explainPlan(database: Db, query: Compilable, nested = false): Promise<string> {
  const compiled = query.compile();
  const prefix = database.dialect === 'postgres' ? 'explain (analyze, buffers, costs off) ' : 'explain query plan ';
  const result = await database.db.executeQuery<Record<string, unknown>>({ ...compiled, sql: prefix + compiled.sql });
  return result.rows
    .map((r) =>
      database.dialect === 'postgres'
        ? String(r['QUERY PLAN'])
        : `${' '.repeat(nested && Number(r.parent) !== 0 ? 2 : 0)}${String(r.detail)}`,
    )
    .join('\n');
}

/** The generation the scale benchmarks read: the one in its 5th semester (five periods of grades). */
export async function benchGeneration(db: Kysely<Database>): Promise<number> {
  const { generation_id } = await db
    .selectFrom('user_generations')
    .select('generation_id')
    .where('current_semester_id', '=', 5)
    .executeTakeFirstOrThrow();
  return generation_id;
}
