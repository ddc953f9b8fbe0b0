/**
 * People budgets: the Students screen's first page with 5,000 students (< 50 ms server time), the export of 5,000
 * students (< 3 s), and a 1,000-row student import, preview and apply (< 2 s each). Measured through app.inject,
 * so the figures are the server's own time (routing, validation, SQL, spreadsheet work, serialisation), on the scale
 * data (`seedScale`, as `npm run seed:scale`) in a fresh SQLite file and a throwaway PostgreSQL database.
 *
 *   node --import tsx bench/people.ts [--db sqlite|postgres] [--students 5000] [--rows 1000]
 *   node --import tsx bench/people.ts --database-url sqlite:FILE|postgres://… [--rows 1000]
 *
 * With --database-url the scale database already filled by `npm run seed:scale` is used instead of a fresh one (no
 * seeding, nothing dropped); the import then adds its rows to it, numbered after those of earlier runs.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROLE } from '@egreso/domain';
import { buildApp } from '../apps/server/src/app.js';
import { connect, dialectOf, type Db } from '../apps/server/src/db/connect.js';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/demo.js';
import { seedScale } from '../apps/server/src/db/scale.js';

export const PEOPLE_BUDGETS_MS = { firstPage: 50, export: 3000, preview: 2000, apply: 2000 } as const;

const FIRST = [
  'José',
  'María',
  'Ángel',
  'Lucía',
  'Óscar',
  'Sofía',
  'Iñaki',
  'Renata',
  'Emilio',
  'Ximena',
  'Úrsula',
  'Diego',
  'Valeria',
  'Andrés',
];
const LAST = [
  'Pérez',
  'Núñez',
  'Álvarez',
  'Ortiz',
  'Zamora',
  'Ibarra',
  'Ávila',
  'Muñoz',
  'Quintero',
  'Ríos',
  'Salinas',
  'Luna',
  'Cárdenas',
  'Domínguez',
];
const nameOf = (i: number) =>
  `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${LAST[(i * 7) % LAST.length]}`;

async function dropPg(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function importFile(rows: number, generation: string, first = 0): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Alumnos');
  ws.addRow(['Nombre completo', 'Matrícula', 'Correo', 'Género', 'Grupo', 'Generación', 'Estatus']);
  for (let n = 0; n < rows; n++) {
    const i = first + n;
    // Group names follow the scale data's ('112': semester 1, career 1, group 2), in the 1st semester the latest
    // generation is in (a group of another semester is refused); half of them exist, the others are created.
    ws.addRow([
      nameOf(i),
      `N${String(i).padStart(6, '0')}`,
      `nuevo${i}@escala.test`,
      i % 2 ? 'Mujer' : 'Hombre',
      `1${(i % 8) + 1}${(i % 2) + 1}`,
      generation,
      'Activo',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(buf: Buffer) {
  const boundary = '----egresobench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="alumnos.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface PeopleResult {
  db: 'sqlite' | 'postgres';
  students: number;
  firstPageMs: number;
  firstPageCpuMs: number;
  adminFirstPageMs: number;
  adminFirstPageCpuMs: number;
  exportMs: number;
  exportBytes: number;
  previewMs: number;
  applyMs: number;
  inserted: number;
}

export async function benchPeople(
  kind: 'sqlite' | 'postgres',
  opts: { students: number; rows: number; pgUrl: string; databaseUrl?: string },
): Promise<PeopleResult> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (opts.databaseUrl) {
    url = opts.databaseUrl;
    cleanup = async () => {};
  } else if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'egreso-bench-people-'));
    url = `sqlite:${join(dir, 'scale.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `egreso_bench_people_${process.pid}`;
    await dropPg(opts.pgUrl, name);
    url = opts.pgUrl.replace(/\/[^/]*$/, `/${name}`);
    cleanup = () => dropPg(opts.pgUrl, name);
  }
  // The scale data of the benchmarks: careers, groups, generations, teachers, students with grades.
  if (!opts.databaseUrl) await seedScale(url, { students: opts.students });
  const database: Db = connect(url, { quiet: true });
  try {
    const counted = database.db.selectFrom('users').select((eb) => [
      eb.fn.countAll<number>().filterWhere('role', '=', ROLE.STUDENT).as('students'),
      // The last number an earlier run's import gave on this database ('N000999'): this run's follow it.
      eb.fn.max('controlnumber').filterWhere('email', 'like', 'nuevo%@escala.test').as('lastImported'),
    ]);
    const { students: studentCount, lastImported } = await counted.executeTakeFirstOrThrow();
    const students = Number(studentCount);
    const imported = lastImported ? Number(lastImported.slice(1)) + 1 : 0;
    const latest = await database.db
      .selectFrom('generations')
      .select(['start_date', 'end_date'])
      .orderBy('start_date', 'desc')
      .executeTakeFirstOrThrow();
    const generation = `${latest.start_date.slice(0, 4)}-${latest.end_date.slice(0, 4)}`;
    const app = await buildApp({ database });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.chief.email, password: DEMO_ACCOUNTS.chief.password },
    });
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const timed = async (run: () => Promise<{ statusCode: number; body: string }>) => {
      const t0 = performance.now();
      const res = await run();
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, res };
    };

    // The Students screen's first page: active students with their generation, 20 per page, in Spanish order.
    const page = '/api/users?role=3&include_generation=1&active=1&page=1&per_page=20';
    for (let i = 0; i < 5; i++) await timed(() => app.inject({ method: 'GET', url: page, headers }));
    const pageRuns: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < 30; i++)
      pageRuns.push((await timed(() => app.inject({ method: 'GET', url: page, headers }))).ms);
    const cpu = process.cpuUsage(cpuBefore);
    // The server process's own CPU per request: other load on the machine moves it much less than the wall time.
    const firstPageCpuMs = (cpu.user + cpu.system) / 1000 / 30;
    // The same page as the administrator (every student of the institution in scope).
    const adminLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
    });
    const adminHeaders = { authorization: `Bearer ${(adminLogin.json() as { token: string }).token}` };
    for (let i = 0; i < 5; i++) await timed(() => app.inject({ method: 'GET', url: page, headers: adminHeaders }));
    const adminRuns: number[] = [];
    const adminCpuBefore = process.cpuUsage();
    for (let i = 0; i < 30; i++)
      adminRuns.push((await timed(() => app.inject({ method: 'GET', url: page, headers: adminHeaders }))).ms);
    const adminCpu = process.cpuUsage(adminCpuBefore);
    const adminFirstPageCpuMs = (adminCpu.user + adminCpu.system) / 1000 / 30;

    const exportRuns: number[] = [];
    let exportBytes = 0;
    for (let i = 0; i < 3; i++) {
      const { ms, res } = await timed(() =>
        app.inject({ method: 'GET', url: '/api/students/export?active=all&assign_generation=1', headers }),
      );
      exportRuns.push(ms);
      exportBytes = (res as unknown as { rawPayload: Buffer }).rawPayload.length;
    }

    const file = await importFile(opts.rows, generation, imported);
    const upload = multipart(file);
    const post = (url: string) =>
      app.inject({ method: 'POST', url, payload: upload.payload, headers: { ...headers, ...upload.headers } });
    const preview = await timed(() => post('/api/students/import?dry_run=1'));
    const apply = await timed(() => post('/api/students/import'));
    const inserted = (JSON.parse(apply.res.body) as { inserted: number }).inserted;
    if (inserted !== opts.rows)
      throw new Error(`the import inserted ${inserted} of ${opts.rows} rows: ${apply.res.body.slice(0, 300)}`);
    await app.close();
    return {
      db: kind,
      students,
      firstPageMs: median(pageRuns),
      firstPageCpuMs,
      adminFirstPageMs: median(adminRuns),
      adminFirstPageCpuMs,
      exportMs: median(exportRuns),
      exportBytes,
      previewMs: preview.ms,
      applyMs: apply.ms,
      inserted,
    };
  } finally {
    await database.close();
    await cleanup();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      students: { type: 'string', default: '5000' },
      rows: { type: 'string', default: '1000' },
      'pg-url': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const databaseUrl = values['database-url'];
  const kinds = databaseUrl
    ? [dialectOf(databaseUrl)]
    : values.db
      ? [values.db as 'sqlite' | 'postgres']
      : (['sqlite', 'postgres'] as const);
  const pgUrl =
    values['pg-url'] ??
    process.env.BENCH_PG_URL ??
    process.env.TEST_PG_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  let failed = false;
  for (const kind of kinds) {
    const r = await benchPeople(kind, {
      students: Number(values.students),
      rows: Number(values.rows),
      pgUrl,
      databaseUrl,
    });
    const verdict = (ms: number, budget: number) => {
      if (ms > budget) failed = true;
      return `${ms.toFixed(1)} ms (budget ${budget} ms) ${ms <= budget ? 'met' : 'MISSED'}`;
    };
    console.log(
      `${kind}: ${r.students} students, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `  first page of Students as the chief of one career (median of 30): ${verdict(r.firstPageMs, PEOPLE_BUDGETS_MS.firstPage)}; server CPU ${r.firstPageCpuMs.toFixed(1)} ms/request`,
    );
    console.log(
      `  the same page as the administrator: ${verdict(r.adminFirstPageMs, PEOPLE_BUDGETS_MS.firstPage)}; server CPU ${r.adminFirstPageCpuMs.toFixed(1)} ms/request`,
    );
    console.log(
      `  export of every student (median of 3, ${(r.exportBytes / 1024).toFixed(0)} KB): ${verdict(r.exportMs, PEOPLE_BUDGETS_MS.export)}`,
    );
    console.log(`  ${values.rows}-row import, preview: ${verdict(r.previewMs, PEOPLE_BUDGETS_MS.preview)}`);
    console.log(
      `  ${values.rows}-row import, apply (${r.inserted} inserted): ${verdict(r.applyMs, PEOPLE_BUDGETS_MS.apply)}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
