import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { connect, dialectOf, type Db } from '../apps/server/src/db/connect.js';
import { seedScale } from '../apps/server/src/db/scale.js';
import { hashToken, insertToken, newToken } from '../apps/server/src/modules/accounts/index.js';
import { sheetSizes } from '../apps/server/src/modules/sheets/index.js';
import { nowIso } from '../apps/server/src/lib/time.js';
import { classroomCsv, moodleXlsx, type FixtureStudent } from '../apps/server/src/test/gradebook-fixtures.js';
import { foldKey } from '../apps/server/src/modules/grading/index.js';

const USAGE = `npm run bench:teaching -- [--db sqlite|postgres] [--database-url URL] [--students N] [--runs N]

Server time of the teacher's grade screens on the scale data set (app.inject, no network):
  load a 40 × 20 sheet with finals (< 50 ms), save 800 grades (< 100 ms), import a 40 × 20 spreadsheet,
  preview and apply (< 500 ms each), the same 40 × 20 from a Moodle .xlsx and a Classroom CSV, preview and apply
  (the same budget), the teacher dashboard (< 50 ms).
  --db                 sqlite (default) or postgres: a fresh scale database is seeded in a temporary place and dropped
  --database-url URL   use an existing scale database instead (npm run seed:scale); it is written to (grades)
  --students N         students of the fresh scale database (default 5000)
  --runs N             measured runs per operation after 3 warm-up runs (default 20)
  --pg-url URL         PostgreSQL admin URL for the throwaway database (default $BENCH_PG_URL, $TEST_PG_URL or local)`;

const BUDGETS = {
  load: 50,
  save: 100,
  preview: 500,
  apply: 500,
  'moodle preview': 500,
  'moodle apply': 500,
  'classroom preview': 500,
  'classroom apply': 500,
  dashboard: 50,
} as const;

interface Stat {
  min: number;
  median: number;
  p95: number;
  max: number;
  cpu: number;
}

function stats(times: number[], cpu: number[]): Stat {
  const s = [...times].sort((a, b) => a - b);
  const c = [...cpu].sort((a, b) => a - b);
  return {
    min: s[0]!,
    median: s[Math.floor(s.length / 2)]!,
    p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!,
    max: s[s.length - 1]!,
    cpu: c[Math.floor(c.length / 2)]!,
  };
}

/** Wall time, and this process's CPU time (user + system: the server's work, and SQLite's, which runs in it). */
async function timed<T>(fn: () => Promise<T>): Promise<[number, T, number]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const out = await fn();
  const used = process.cpuUsage(cpu);
  return [performance.now() - start, out, (used.user + used.system) / 1000];
}

async function throwawayPg(adminUrl: string) {
  const name = `egreso_bench_teaching_${process.pid}`;
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  await drop();
  return { url, drop };
}

/** The active period's assignment whose sheet is closest to 40 students, with its teacher signed in. */
async function pickSheet(database: Db) {
  const db = database.db;
  const assignments = await db
    .selectFrom('professor_subjects as ps')
    .innerJoin('periods as p', 'p.id', 'ps.period_id')
    .where('p.is_active', '=', 1)
    .select(['ps.id', 'ps.user_id'])
    .execute();
  const sizes = await sheetSizes(
    db,
    assignments.map((a) => a.id),
  );
  const best = assignments
    .map((a) => ({ ...a, students: sizes.perSheet.get(a.id) ?? 0 }))
    .sort((x, y) => Math.abs(x.students - 40) - Math.abs(y.students - 40) || x.id - y.id)[0];
  if (!best) throw new Error('the database has no assignment in an active period');
  const token = newToken();
  await insertToken(db, best.user_id, hashToken(token), nowIso());
  return { ...best, token };
}

async function run(app: FastifyInstance, database: Db, runs: number) {
  const sheet = await pickSheet(database);
  const auth = { authorization: `Bearer ${sheet.token}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: auth, payload: payload as object });

  let grid = (await get(`/api/grade-sheets/${sheet.id}`)).json();
  // The budgets speak of 20 activities: top the sheet up when the data set gave it fewer.
  const missing = 20 - grid.activities.length;
  if (missing > 0) {
    await post('/api/activities/bulk-upsert', {
      professor_subject_id: sheet.id,
      activities: Array.from({ length: missing }, (_, i) => ({
        activity_name: `Actividad de medición ${i + 1}`,
        ponderation: 5,
        attribute_ids: [],
      })),
    });
    grid = (await get(`/api/grade-sheets/${sheet.id}`)).json();
  }
  // 40 students of the sheet (the scale data's groups are larger): the budgets' 40 × 20.
  const students: Array<{ id: number; controlnumber: string }> = grid.students.slice(0, 40);
  const activities: Array<{ id: number; activity_name: string }> = grid.activities.slice(0, 20);
  const versions = new Map<string, number>(
    grid.grades.map((g: { user_id: number; activity_id: number; version: number }) => [
      `${g.user_id}:${g.activity_id}`,
      g.version,
    ]),
  );
  const shape = `${students.length} × ${activities.length}`;

  const measure = async (
    name: keyof typeof BUDGETS,
    fn: (i: number) => Promise<{ statusCode: number; body: string }>,
  ) => {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const [ms, res, cpuMs] = await timed(() => fn(i));
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i >= 3) {
        times.push(ms);
        cpu.push(cpuMs);
      }
    }
    return { name, ...stats(times, cpu) };
  };

  const load = await measure('load', () => get(`/api/grade-sheets/${sheet.id}`));

  const save = await measure('save', async (i) => {
    const calificaciones = students.flatMap((s, si) =>
      activities.map((a, ai) => ({
        user_id: s.id,
        activity_id: a.id,
        qualification: (si * 7 + ai * 3 + i * 11) % 101,
        version: versions.get(`${s.id}:${a.id}`) ?? 0,
      })),
    );
    const res = await post('/api/profesor/calificar/actividades/batch', { calificaciones });
    const body = res.json();
    if (body.conflicts?.length || body.saved?.length + body.unchanged !== calificaciones.length)
      throw new Error(`save wrote ${body.saved?.length} of ${calificaciones.length}`);
    for (const s of body.saved) versions.set(`${s.user_id}:${s.activity_id}`, s.version);
    return res;
  });

  const file = async (i: number) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Calificaciones');
    ws.addRow(['Matrícula', 'Nombre', ...activities.map((a) => a.activity_name)]);
    students.forEach((s, si) =>
      ws.addRow([s.controlnumber, '', ...activities.map((_, ai) => (si * 5 + ai * 13 + i * 17) % 101)]),
    );
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  /**
   * A POST of a multipart form to `url`: `fields`, then the file. The form is built before the clock starts: only the
   * server's work is measured.
   */
  const multipart = (
    url: string,
    boundary: string,
    fields: Record<string, string | number>,
    file: { name: string; bytes: Buffer },
  ) => {
    const field = (name: string, value: string | number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        Object.entries(fields)
          .map(([name, value]) => field(name, value))
          .join('') +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return () =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
  };
  const sheetFields = { group_id: grid.assignment.group.id, subject_id: grid.assignment.subject.id };
  const upload = async (i: number, dryRun: boolean) =>
    multipart(`/api/ratings/import${dryRun ? '?dry_run=1' : ''}`, `----bench${i}`, sheetFields, {
      name: 'calificaciones.xlsx',
      bytes: await file(i),
    });
  /** The timed runs of an upload after 2 warm-up ones (at most 10): `check` reads each answer. */
  const timedSends = async <N extends string>(
    name: N,
    prepare: (i: number) => Promise<() => Promise<LightMyRequestResponse>>,
    check: (res: LightMyRequestResponse) => void = () => undefined,
  ) => {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < Math.min(runs, 10) + 2; i++) {
      const send = await prepare(i);
      const [ms, res, cpuMs] = await timed(send);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      check(res);
      if (i >= 2) {
        times.push(ms);
        cpu.push(cpuMs);
      }
    }
    return { name, ...stats(times, cpu) };
  };
  const timedUpload = (name: 'preview' | 'apply', dryRun: boolean) =>
    timedSends(name, (i) => upload(i + (dryRun ? 1000 : 0), dryRun));
  const preview = await timedUpload('preview', true);
  const apply = await timedUpload('apply', false);

  // Gradebook exports of the same 40 × 20: Moodle's .xlsx (points out of 10, the maxima given with the file) and
  // Classroom's CSV (its points row), every cell a different grade on each run, so every apply writes 800 grades.
  const people = await database.db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'controlnumber'])
    .where(
      'id',
      'in',
      students.map((s) => s.id),
    )
    .execute();
  const fixtureStudents: FixtureStudent[] = students.map((s) => {
    const u = people.find((p) => p.id === s.id)!;
    const words = u.full_name.split(' ');
    return { first: words[0]!, last: words.slice(1).join(' '), email: u.email ?? '', idnumber: u.controlnumber ?? '' };
  });
  const points = (i: number) => (si: number, ai: number) => ((si * 5 + ai * 13 + i * 17) % 101) / 10;
  const gradebookFile = async (kind: 'moodle' | 'classroom', i: number) => {
    const value = points(i);
    const items = activities.map((a, ai) => ({
      name: a.activity_name,
      module: 'Tarea',
      max: 10,
      display: 'real' as const,
      values: fixtureStudents.map((_, si) => value(si, ai)),
    }));
    return kind === 'moodle'
      ? { name: 'Curso Calificaciones.xlsx', bytes: await moodleXlsx({ lang: 'es', students: fixtureStudents, items }) }
      : {
          name: 'Calificaciones.csv',
          bytes: classroomCsv({ lang: 'es', students: fixtureStudents, items, bom: true }),
        };
  };
  const moodleKeys = activities.map((a) => foldKey(`Tarea: ${a.activity_name} (Real)`));
  const gradebookUpload = async (kind: 'moodle' | 'classroom', i: number, dryRun: boolean) => {
    const choices =
      kind === 'moodle'
        ? {
            columns: Object.fromEntries(moodleKeys.map((k, ai) => [k, { activity_id: activities[ai]!.id, max: 10 }])),
          }
        : {};
    return multipart(
      `/api/ratings/gradebook${dryRun ? '?dry_run=1' : ''}`,
      `----gradebook${i}`,
      { ...sheetFields, choices: JSON.stringify(choices) },
      await gradebookFile(kind, i),
    );
  };
  const timedGradebook = (kind: 'moodle' | 'classroom', dryRun: boolean) => {
    const name = `${kind} ${dryRun ? 'preview' : 'apply'}` as const;
    const offset = (dryRun ? 2000 : 3000) + (kind === 'moodle' ? 0 : 500);
    return timedSends(
      name,
      (i) => gradebookUpload(kind, i + offset, dryRun),
      (res) => {
        const body = res.json();
        const mapped = body.cells.length;
        if (
          mapped !== students.length * activities.length ||
          body.rows.some((r: { user_id: number | null }) => r.user_id === null)
        )
          throw new Error(`${name}: ${mapped} cells mapped, ${body.rows.length} rows`);
        if (!dryRun && body.inserted + body.updated < (students.length * activities.length) / 2)
          throw new Error(`${name}: only ${body.inserted + body.updated} grades written`);
      },
    );
  };
  const moodlePreview = await timedGradebook('moodle', true);
  const moodleApply = await timedGradebook('moodle', false);
  const classroomPreview = await timedGradebook('classroom', true);
  const classroomApply = await timedGradebook('classroom', false);

  const dashboard = await measure('dashboard', () => get('/api/profesor/dashboard'));
  return {
    shape,
    results: [load, save, preview, apply, moodlePreview, moodleApply, classroomPreview, classroomApply, dashboard],
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      'database-url': { type: 'string' },
      students: { type: 'string' },
      runs: { type: 'string' },
      'pg-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const runs = Number(values.runs ?? 20);
  const students = Number(values.students ?? 5000);
  let url = values['database-url'];
  let cleanup = async () => {};
  if (!url) {
    if ((values.db ?? 'sqlite') === 'postgres') {
      const tmp = await throwawayPg(
        values['pg-url'] ??
          process.env.BENCH_PG_URL ??
          process.env.TEST_PG_URL ??
          'postgres://postgres@127.0.0.1:5432/postgres',
      );
      url = tmp.url;
      cleanup = tmp.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'egreso-bench-teaching-'));
      url = `sqlite:${join(dir, 'scale.db')}`;
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    console.log(`Seeding ${students} students into a fresh ${dialectOf(url)} database…`);
    const summary = await seedScale(url, { students });
    console.log(`  ${summary.counts.user_activities ?? 0} grades in ${summary.seconds.toFixed(0)} s`);
  }
  const database = connect(url, { quiet: true });
  const app = await buildApp({ database });
  await app.ready();
  try {
    const { shape, results } = await run(app, database, runs);
    console.log(
      `\n${dialectOf(url)}, sheet ${shape}, ${runs} runs (imports: ${Math.min(runs, 10)}), load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('operation   min ms   median ms   p95 ms   max ms   CPU ms   budget   verdict');
    let ok = true;
    for (const r of results) {
      const budget = BUDGETS[r.name as keyof typeof BUDGETS];
      const met = r.median < budget;
      ok &&= met;
      console.log(
        `${r.name.padEnd(18)} ${r.min.toFixed(1).padStart(7)} ${r.median.toFixed(1).padStart(10)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${r.cpu.toFixed(1).padStart(8)} ${`< ${budget}`.padStart(8)}   ${met ? 'met' : 'MISSED'}`,
      );
    }
    process.exitCode = ok ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    await cleanup();
  }
}

await main();
