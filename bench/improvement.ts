import { sql } from 'kysely';
import { ROLE, STUDENT_STATUS, type Actor } from '@egreso/domain';
import type { Db } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { cohortUserIds, countStudentBandsByPeriod } from '../apps/server/src/modules/ratings/index.js';
import {
  addImprovementFollowup,
  buildImprovementWorkbook,
  createImprovementAction,
  listImprovementActions,
  buildPerformance,
  buildPerformanceWorkbook,
} from '../apps/server/src/modules/improvement/index.js';
import { openScaleDatabase } from './scale-database.js';
import { time } from './timing.js';

const USAGE = `npm run bench:improvement -- --database-url URL [--runs N]

Times the continuous-improvement reads on a database filled by \`npm run seed:scale\` (migrated first): the school
performance indices of a generation in its career (GET /reportes/rendimiento, JSON included) for the generation in its
5th semester and for the oldest one (9th semester, every period), their .xlsx export, and a career's improvement
actions with their measured results (GET /reportes/acciones-mejora, as the career's chief: all of them, and one
generation's), with their .xlsx export. 1 warm-up run, then N timed runs (default 7); median and fastest.

The first run on a database prepares it once (later runs find it prepared): through the product's service, three
improvement actions for each generation of the career with ratings in two periods or more (the finding in its first
rated period, applied in the next one, one subject and one follow-up each); and through plain updates of the students'
status (the database's triggers record them in the status history, as the status route does), 6 % of the two timed
cohorts in Baja and 10 % of the oldest one in Graduado.`;

/** Every 'every'-th student of the cohort still in Activo (by id) goes to the status. */
async function changeStatus(
  database: Db,
  scope: { careerId: number; generationId: number },
  every: number,
  status: number,
  offset: number,
): Promise<number> {
  const db = database.db;
  const ids = (
    await db
      .selectFrom('user_generations')
      .select('user_id')
      .where('generation_id', '=', scope.generationId)
      .where('user_id', 'in', cohortUserIds(db, scope))
      .where('active', '=', STUDENT_STATUS.ACTIVO)
      .orderBy('user_id')
      .execute()
  )
    .map((r) => r.user_id)
    .filter((_, i) => i % every === offset);
  if (ids.length) {
    await db
      .updateTable('user_generations')
      .set({ active: status })
      .where('generation_id', '=', scope.generationId)
      .where('user_id', 'in', ids)
      .execute();
  }
  return ids.length;
}

/** Three actions per rated generation of the career and some students' status changes, once. */
async function prepare(
  database: Db,
  careerId: number,
  timed: number[],
  oldest: number,
  admin: Actor & { full_name: string },
): Promise<void> {
  const db = database.db;
  const existing = await db
    .selectFrom('improvement_actions')
    .select('id')
    .where('career_id', '=', careerId)
    .executeTakeFirst();
  if (existing) return;
  const generations = await db.selectFrom('generations').select('id').orderBy('start_date').execute();
  const attributes = await db
    .selectFrom('attributes')
    .select('id')
    .where('career_id', '=', careerId)
    .orderBy('id')
    .limit(3)
    .execute();
  let actions = 0;
  for (const { id: generationId } of generations) {
    const scope = { careerId, generationId };
    const periods = [...new Set((await countStudentBandsByPeriod(db, scope)).map((r) => r.period_id))];
    const rated = await db
      .selectFrom('periods')
      .select('id')
      .where('id', 'in', periods.length ? periods : [0])
      .orderBy('start_date')
      .execute();
    if (rated.length < 2) continue;
    for (const { id: attributeId } of attributes) {
      const subject = await db
        .selectFrom('subject_attributes as sa')
        .innerJoin('subject_careers as sc', 'sc.subject_id', 'sa.subject_id')
        .select('sa.subject_id')
        .where('sa.attribute_id', '=', attributeId)
        .where('sc.career_id', '=', careerId)
        .orderBy('sa.subject_id')
        .executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        const id = await createImprovementAction(trx, admin, {
          career_id: careerId,
          generation_id: generationId,
          attribute_id: attributeId,
          finding_period_id: rated[0]!.id,
          period_id: rated[1]!.id,
          cause: 'Las actividades de la materia no evalúan el atributo con suficiente frecuencia.',
          action:
            'Se agregan dos actividades integradoras ponderadas al atributo y se revisa la rúbrica con la academia.',
          subject_ids: [subject.subject_id],
          expected_share: undefined,
        });
        await addImprovementFollowup(trx, admin, id, {
          followup_date: '2026-09-15',
          text: 'Se aplicó la primera actividad integradora.',
        });
      });
      actions++;
    }
  }
  let baja = 0;
  let graduado = 0;
  for (const generationId of timed)
    baja += await changeStatus(database, { careerId, generationId }, 16, STUDENT_STATUS.BAJA, 3);
  graduado += await changeStatus(database, { careerId, generationId: oldest }, 10, STUDENT_STATUS.GRADUADO, 5);
  console.log(`Prepared: ${actions} improvement actions, ${baja} students to Baja, ${graduado} to Graduado.`);
}

async function main() {
  const bench = openScaleDatabase(USAGE, 7);
  if (!bench) return;
  const { database, runs } = bench;
  try {
    await migrateToLatest(database);
    const db = database.db;
    // The generation in its 5th semester and the career most of its students follow, as bench/reports.ts picks them.
    const generationOf = async (semester: number) =>
      (
        await db
          .selectFrom('user_generations')
          .select('generation_id')
          .where('current_semester_id', '=', semester)
          .executeTakeFirstOrThrow()
      ).generation_id;
    const fifth = await generationOf(5);
    const oldest = await generationOf(9);
    const career = await db
      .selectFrom('user_generations as ug')
      .innerJoin('user_careers as uc', 'uc.user_id', 'ug.user_id')
      .select(['uc.career_id', sql<number>`count(*)`.as('n')])
      .where('ug.generation_id', '=', fifth)
      .groupBy('uc.career_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const careerId = career.career_id;
    const adminRow = await db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('role', '=', ROLE.ADMIN)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const chiefRow = await db
      .selectFrom('users as u')
      .innerJoin('user_careers as uc', 'uc.user_id', 'u.id')
      .select('u.id')
      .where('u.role', '=', ROLE.CHIEF)
      .where('uc.career_id', '=', careerId)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    const admin = { id: adminRow.id, role: ROLE.ADMIN, full_name: adminRow.full_name };
    const chief: Actor = { id: chiefRow.id, role: ROLE.CHIEF };
    await prepare(database, careerId, [fifth, oldest], oldest, admin);
    const actionCount = (
      await db
        .selectFrom('improvement_actions')
        .select(sql<number>`count(*)`.as('n'))
        .where('career_id', '=', careerId)
        .executeTakeFirstOrThrow()
    ).n;

    const cases: Array<[string, () => Promise<number>]> = [
      [
        'GET /reportes/rendimiento: the generation in its 5th semester (JSON bytes)',
        async () => JSON.stringify(await buildPerformance(db, { careerId, generationId: fifth }, 'Bench')).length,
      ],
      [
        'GET /reportes/rendimiento: the oldest generation, 9th semester (JSON bytes)',
        async () => JSON.stringify(await buildPerformance(db, { careerId, generationId: oldest }, 'Bench')).length,
      ],
      [
        'GET /reportes/rendimiento/export: the oldest generation (.xlsx bytes)',
        async () =>
          (await buildPerformanceWorkbook(await buildPerformance(db, { careerId, generationId: oldest }, 'Bench')))
            .buffer.length,
      ],
      [
        `GET /reportes/acciones-mejora: a career's ${actionCount} actions, as its chief (JSON bytes)`,
        async () => JSON.stringify(await listImprovementActions(db, chief, { career_id: careerId })).length,
      ],
      [
        'GET /reportes/acciones-mejora: one generation of the career, as its chief (JSON bytes)',
        async () =>
          JSON.stringify(await listImprovementActions(db, chief, { career_id: careerId, generation_id: fifth })).length,
      ],
      [
        `GET /reportes/acciones-mejora/export: the career's actions (.xlsx bytes)`,
        async () => (await buildImprovementWorkbook(db, chief, { career_id: careerId })).buffer.length,
      ],
    ];
    console.log(`${database.dialect}: ${runs} timed runs after 1 warm-up`);
    console.log('| Case | bytes | median ms | fastest ms |');
    console.log('|---|---|---|---|');
    for (const [name, fn] of cases) {
      const t = await time(runs, fn);
      console.log(`| ${name} | ${t.rows} | ${t.median.toFixed(0)} | ${t.fastest.toFixed(0)} |`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
