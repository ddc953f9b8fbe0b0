import { sql } from 'kysely';
import { ROLE } from '@egreso/domain';
import { ratingQueries } from '../apps/server/src/modules/ratings/index.js';
import {
  buildCohortEvidence,
  buildCurriculumMap,
  listRatingRecords,
  buildFlexWorkbook,
  summarizeDivisionReport,
} from '../apps/server/src/modules/reports/index.js';
import { explainPlan, openScaleDatabase, benchGeneration } from './scale-database.js';
import { time } from './timing.js';

const USAGE = `npm run bench:reports -- --database-url URL [--runs N] [--explain]

Times the division report on a database filled by \`npm run seed:scale\` and migrated (nothing is migrated here; the
only writes are the rating reads' own refresh when a write left rating sums to recompute):
GET /reportes/flex for a whole generation and all subjects (records + the answer's JSON) in the career most of its
students follow and in every career (an administrator's report without a career), the summary the report screen asks
for (GET /reportes/flex/resumen) in the same two scopes and for one subject, the records of one subject,
the .xlsx export of the whole generation, the cohort evidence of that generation in the career most of its students
follow (GET /reportes/evidencia, JSON included) and that career's curriculum map. 1 warm-up run, then N timed runs
(default 5); median and fastest. --explain prints the plans of a generation's ratings, per subject and per period.`;

async function main() {
  const bench = openScaleDatabase(USAGE, 5, ['explain']);
  if (!bench) return;
  const { database, runs, flags } = bench;
  const db = database.db;
  try {
    const generation_id = await benchGeneration(db);
    const subject = await db
      .selectFrom('subject_attributes')
      .select('subject_id')
      .orderBy('subject_id')
      .executeTakeFirstOrThrow();
    // The career most of that generation's students are linked to: the cohort whose evidence is timed, and the
    // career of the division report (a chief's report is about a career).
    const career = await db
      .selectFrom('user_generations as ug')
      .innerJoin('user_careers as uc', 'uc.user_id', 'ug.user_id')
      .select(['uc.career_id', sql<number>`count(*)`.as('n')])
      .where('ug.generation_id', '=', generation_id)
      .groupBy('uc.career_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const whole = { generationId: generation_id, careerIds: [career.career_id] };
    // An administrator's report without a career: every career's records of the generation.
    const everyCareer = {
      generationId: generation_id,
      careerIds: (await db.selectFrom('careers').select('id').execute()).map((c) => c.id),
    };
    // GET /reportes/flex: the records and the answer's JSON.
    const flexAnswer = async (scope: typeof whole) => {
      const rows = await listRatingRecords(db, scope);
      return JSON.stringify(
        rows.map((r) => ({
          attribute_id: r.attribute_id,
          attribute: { attribute_name: r.attribute_name, career_id: r.career_id, career_key: r.career_key },
          subject_id: r.subject_id,
          attributerating: r.rating,
          user: { id: r.user_id, gender: r.gender },
        })),
      ).length > 0
        ? rows.length
        : 0;
    };
    const cases: Array<[string, () => Promise<number>]> = [
      ['GET /reportes/flex: a generation, all subjects (records + JSON)', () => flexAnswer(whole)],
      [
        'GET /reportes/flex: a generation, every career (an administrator; records + JSON)',
        () => flexAnswer(everyCareer),
      ],
      // The report screen asks for the summary alone (its counters, chart and table; no record on the wire).
      [
        'GET /reportes/flex/resumen: a generation, all subjects, in its career (a chief; JSON bytes)',
        async () => JSON.stringify(await summarizeDivisionReport(db, whole)).length,
      ],
      [
        'GET /reportes/flex/resumen: a generation, all subjects, every career (an administrator; JSON bytes)',
        async () => JSON.stringify(await summarizeDivisionReport(db, everyCareer)).length,
      ],
      [
        'GET /reportes/flex/resumen: a generation, one subject, every career (JSON bytes)',
        async () =>
          JSON.stringify(await summarizeDivisionReport(db, { ...everyCareer, subjectId: subject.subject_id })).length,
      ],
      [
        'GET /reportes/flex: a generation, one subject',
        async () => (await listRatingRecords(db, { ...whole, subjectId: subject.subject_id })).length,
      ],
      [
        'GET /reportes/flex/export: a generation, all subjects (.xlsx bytes)',
        async () =>
          (await buildFlexWorkbook(db, { id: 0, role: ROLE.ADMIN }, { generation_id, career_id: career.career_id }))
            .buffer.length,
      ],
      [
        'GET /reportes/evidencia: a generation in its career (JSON bytes)',
        async () =>
          JSON.stringify(
            await buildCohortEvidence(db, { generationId: generation_id, careerId: career.career_id }, 'Institución'),
          ).length,
      ],
      [
        'GET /reportes/mapa-curricular: a career, the active period (JSON bytes)',
        async () => JSON.stringify(await buildCurriculumMap(db, career.career_id, undefined)).length,
      ],
    ];
    console.log(`${database.dialect}: ${runs} timed runs after 1 warm-up`);
    console.log('| Case | rows / bytes | median ms | fastest ms |');
    console.log('|---|---|---|---|');
    for (const [name, fn] of cases) {
      const t = await time(runs, fn);
      console.log(`| ${name} | ${t.rows} | ${t.median.toFixed(0)} | ${t.fastest.toFixed(0)} |`);
    }
    if (flags.explain) {
      const queries = await ratingQueries(db);
      console.log(`\n### a generation's ratings\n${await explainPlan(database, queries.attributeRatings(whole))}`);
      console.log(
        `\n### a generation's ratings per period\n${await explainPlan(database, queries.periodAttributeRatings(whole))}`,
      );
      const assignment = await db
        .selectFrom('professor_subjects')
        .select(['subject_id', 'group_id', 'period_id'])
        .where('subject_id', '=', subject.subject_id)
        .executeTakeFirstOrThrow();
      console.log(
        `\n### a subject's ratings (group and period)\n${await explainPlan(database, queries.attributeRatings({ subjectId: assignment.subject_id, groupId: assignment.group_id ?? undefined, periodId: assignment.period_id ?? undefined }))}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
