import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { ROLE, type Actor } from '@egreso/domain';
import type { Database } from '../apps/server/src/db/types.js';
import { ratingQueries } from '../apps/server/src/modules/ratings/index.js';
import { buildCohortEvidence, summarizeDivisionReport } from '../apps/server/src/modules/reports/index.js';
import { listUsers } from '../apps/server/src/modules/users/index.js';
import { benchGeneration } from './scale-database.js';

const USAGE = `node --import tsx bench/explain.ts --database-url postgres://… [--case NAME] [--plans] [--runs N]

Runs the scale cases of the chief's and the administrator's screens on a PostgreSQL database filled by
\`npm run seed:scale\` (migrated), each statement preceded by its EXPLAIN (ANALYZE, BUFFERS): per statement, its
execution time, the buffers it touched and (with --plans) its whole plan, then its own wall time (sent to answered,
without EXPLAIN, whose clock calls inflate plans that pass many rows through many nodes): the median of --runs runs
(default 7). One connection, so statements a case runs side by side are timed one after the other.
Cases (default all): summary-admin, summary-chief, evidence, students-chief, students-admin.`;

interface Explained {
  sql: string;
  ms: number;
  planningMs: number;
  buffers: number;
  plan: string;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      case: { type: 'string', multiple: true },
      plans: { type: 'boolean' },
      runs: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const url = values['database-url'];
  if (values.help || !url?.startsWith('postgres')) {
    console.log(USAGE);
    return;
  }
  const explained: Explained[] = [];
  let explaining = false;
  let timings: number[] | null = null;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // Every statement of a case is explained first on the same connection (the case's own statements then run as usual).
  const connect = pool.connect.bind(pool);
  const wrapped = new WeakSet<pg.PoolClient>();
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (wrapped.has(client)) return client;
    wrapped.add(client);
    const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
    (client as unknown as { query: typeof query }).query = async (text: string, params?: unknown[]) => {
      if (explaining && /^\s*(select|with)\b/i.test(text)) {
        const { rows } = await query(`explain (analyze, buffers, costs off) ${text}`, params);
        const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
        const number = (re: RegExp) => Number(re.exec(plan)?.[1] ?? 0);
        explained.push({
          sql: text,
          ms: number(/Execution Time: ([\d.]+)/),
          planningMs: number(/Planning Time: ([\d.]+)/),
          // The first Buffers line is the top node's: every buffer the statement touched.
          buffers: number(/Buffers: shared (?:hit=)?(\d+)/) + number(/Buffers: shared hit=\d+ read=(\d+)/),
          plan,
        });
      }
      const t0 = performance.now();
      const result = await query(text, params);
      timings?.push(performance.now() - t0);
      return result;
    };
    return client;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    const generation_id = await benchGeneration(db);
    const career = await db
      .selectFrom('user_generations as ug')
      .innerJoin('user_careers as uc', 'uc.user_id', 'ug.user_id')
      .select(['uc.career_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('ug.generation_id', '=', generation_id)
      .groupBy('uc.career_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const careers = (await db.selectFrom('careers').select('id').orderBy('id').execute()).map((c) => c.id);
    const chief = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'jefe.sistemas@demo.edu.mx')
      .executeTakeFirstOrThrow();
    const admin: Actor = { id: 0, role: ROLE.ADMIN };
    const chiefActor: Actor = { id: chief.id, role: ROLE.CHIEF };
    const page = { role: ROLE.STUDENT, include_generation: true, active: 1, page: 1, per_page: 20 };
    const cases: Record<string, () => Promise<unknown>> = {
      'summary-admin': () => summarizeDivisionReport(db, { generationId: generation_id, careerIds: careers }),
      'summary-chief': () =>
        summarizeDivisionReport(db, { generationId: generation_id, careerIds: [career.career_id] }),
      evidence: () =>
        buildCohortEvidence(db, { generationId: generation_id, careerId: career.career_id }, 'Institución'),
      'students-chief': () => listUsers(db, chiefActor, page as never),
      'students-admin': () => listUsers(db, admin, page as never),
    };
    // The reads bring the stored sums up to date first: done once here, so no case explains that refresh.
    await ratingQueries(db);
    for (const name of values.case ?? Object.keys(cases)) {
      const run = cases[name];
      if (!run) throw new Error(`unknown case ${name}`);
      await run();
      explained.length = 0;
      explaining = true;
      await run();
      explaining = false;
      // Each statement's wall time over the runs (a case runs the same statements in the same order each time).
      const walls: number[][] = [];
      for (let i = 0; i < Number(values.runs ?? 7); i++) {
        timings = [];
        await run();
        timings.forEach((ms, n) => (walls[n] ??= []).push(ms));
        timings = null;
      }
      const median = (xs: number[] = []) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
      const total = explained.reduce((sum, e) => sum + e.ms, 0);
      const wall = walls.reduce((sum, xs) => sum + median(xs), 0);
      console.log(
        `\n## ${name}: ${explained.length} statements, ${total.toFixed(1)} ms executing (EXPLAIN), ${wall.toFixed(1)} ms of wall time (median of each), load ${loadavg()[0]!.toFixed(1)}`,
      );
      explained.forEach((e, n) => {
        const head = e.sql.replace(/\s+/g, ' ').slice(0, 100);
        console.log(
          `- ${e.ms.toFixed(1)} ms (planning ${e.planningMs.toFixed(1)}), ${e.buffers} buffers, wall ${median(walls[n]).toFixed(1)} ms: ${head}`,
        );
        if (values.plans) console.log(`${e.sql}\n${e.plan}\n`);
      });
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
