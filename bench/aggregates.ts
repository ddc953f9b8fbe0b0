import type { Compilable } from 'kysely';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { listFinalGrades, selectFinalGrades } from '../apps/server/src/modules/grades/index.js';
import {
  countAttributeBands,
  listAttributeRatings,
  listGlobalAttributeAverages,
  ratingQueries,
} from '../apps/server/src/modules/ratings/index.js';
import { explainPlan, openScaleDatabase, benchGeneration } from './scale-database.js';

const USAGE = `npm run bench:aggregates -- --database-url URL [--runs N] [--explain] [--no-migrate]

Times the SQL aggregates of modules/grades and modules/ratings on a database filled by \`npm run seed:scale\` (migrated first):
2 warm-up runs, then N timed runs (default 7) of each query; prints the median and the fastest.
--explain also prints each query's plan (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN ANALYZE).
--no-migrate measures the schema as it is (to compare plans before a migration's indexes).`;

interface Case {
  name: string;
  rows: () => Promise<number>;
  query: Compilable;
}

async function main() {
  const bench = openScaleDatabase(USAGE, 7, ['explain', 'no-migrate']);
  if (!bench) return;
  const { database, runs, flags } = bench;
  if (!flags['no-migrate']) await migrateToLatest(database);
  const db = database.db;
  try {
    // A 5th-semester ISC group of the active period (group '511'), its first subject; the generation in its 5th
    // semester; a 9th-semester student (the longest history) and the demo student.
    const assignment = await db
      .selectFrom('professor_subjects as ps')
      .innerJoin('groups as g', 'g.id', 'ps.group_id')
      .innerJoin('periods as p', 'p.id', 'ps.period_id')
      .select(['ps.id', 'ps.subject_id', 'ps.group_id', 'ps.period_id'])
      .where('g.group_name', '=', '511')
      .where('p.is_active', '=', 1)
      .orderBy('ps.id')
      .executeTakeFirstOrThrow();
    const generation = { generation_id: await benchGeneration(db) };
    const senior = await db
      .selectFrom('user_generations')
      .select('user_id')
      .where('current_semester_id', '=', 9)
      .orderBy('user_id')
      .executeTakeFirstOrThrow();
    const attribute = await db
      .selectFrom('subject_attributes')
      .select('attribute_id')
      .where('subject_id', '=', assignment.subject_id)
      .orderBy('attribute_id')
      .executeTakeFirstOrThrow();
    const { n: grades } = await db
      .selectFrom('user_activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    // Inner joins above: the group and the period are there.
    const groupFilter = {
      subjectId: assignment.subject_id,
      groupId: assignment.group_id!,
      periodId: assignment.period_id!,
    };
    const generationFilter = { generationId: generation.generation_id };
    const queries = await ratingQueries(db);
    const cases: Case[] = [
      {
        name: `final grades of one group's assignment (group 511, active period)`,
        rows: async () => (await listFinalGrades(db, assignment.id)).length,
        query: selectFinalGrades(db, { professorSubjectIds: [assignment.id] }),
      },
      {
        name: 'attribute ratings of that group and subject in the period',
        rows: async () => (await listAttributeRatings(db, groupFilter)).length,
        query: queries.attributeRatings(groupFilter),
      },
      {
        name: 'band counts per attribute, that group and subject (teacher report)',
        rows: async () => (await countAttributeBands(db, groupFilter)).length,
        query: queries.attributeRatings(groupFilter),
      },
      {
        name: 'attribute ratings of a whole generation (5th semester, all periods)',
        rows: async () => (await listAttributeRatings(db, generationFilter)).length,
        query: queries.attributeRatings(generationFilter),
      },
      {
        name: 'band counts per attribute of that generation (division report)',
        rows: async () => (await countAttributeBands(db, generationFilter)).length,
        query: queries.attributeRatings(generationFilter),
      },
      {
        name: 'band counts, generation + period + attribute',
        rows: async () =>
          (
            await countAttributeBands(db, {
              ...generationFilter,
              periodId: assignment.period_id!,
              attributeId: attribute.attribute_id,
            })
          ).length,
        query: queries.attributeRatings({
          ...generationFilter,
          periodId: assignment.period_id!,
          attributeId: attribute.attribute_id,
        }),
      },
      {
        name: 'global attribute averages of a 9th-semester student',
        rows: async () => (await listGlobalAttributeAverages(db, { userIds: [senior.user_id] })).length,
        query: queries.attributeRatings({ userIds: [senior.user_id] }),
      },
    ];

    console.log(
      `${database.dialect}: ${Number(grades).toLocaleString('en-US')} grades; ${runs} timed runs after 2 warm-ups`,
    );
    console.log('| Query | rows | median ms | fastest ms |');
    console.log('|---|---|---|---|');
    for (const c of cases) {
      let rows = 0;
      for (let i = 0; i < 2; i++) rows = await c.rows();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await c.rows();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${c.name} | ${rows} | ${times[Math.floor(times.length / 2)]!.toFixed(1)} | ${times[0]!.toFixed(1)} |`,
      );
    }
    if (flags.explain) {
      for (const c of cases) {
        console.log(`\n### ${c.name}\n${await explainPlan(database, c.query, true)}`);
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
