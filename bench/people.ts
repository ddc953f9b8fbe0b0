/**
 * People budgets: the Students screen's first page with 5,000 students (< 50 ms server time), the export of 5,000
 * students (< 3 s), and a 1,000-row student import, preview and apply (< 2 s each). Measured through app.inject,
 * so the figures are the server's own time (routing, validation, SQL, spreadsheet work, serialisation), on a fresh
 * SQLite file and a throwaway PostgreSQL database.
 *
 *   node --import tsx bench/people.ts [--db sqlite|postgres] [--students 5000] [--rows 1000]
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROLE } from '@egreso/domain';
import { buildApp } from '../apps/server/src/app.js';
import { connect, type Db } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedReferenceData } from '../apps/server/src/db/seed.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { nowIso } from '../apps/server/src/lib/time.js';

export const PEOPLE_BUDGETS_MS = { firstPage: 50, export: 3000, preview: 2000, apply: 2000 } as const;

const FIRST = ['José', 'María', 'Ángel', 'Lucía', 'Óscar', 'Sofía', 'Iñaki', 'Renata', 'Émilio', 'Ximena', 'Úrsula', 'Diego', 'Ñeri', 'Valeria', 'Andrés'];
const LAST = ['Pérez', 'Núñez', 'Álvarez', 'Ortiz', 'Zamora', 'Ibarra', 'Ávila', 'Muñoz', 'Quintero', 'Ríos', 'Salinas', 'Éxito', 'Luna', 'Cárdenas', 'Domínguez'];
const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${LAST[(i * 7) % LAST.length]}`;

async function throwawayPg(adminUrl: string) {
  const name = `egreso_bench_people_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** 5,000 students in 45 groups (five per semester), all with a generation link, most active. */
async function seedStudents(database: Db, count: number) {
  const db = database.db;
  const now = nowIso();
  const groups: number[] = [];
  for (let s = 1; s <= 9; s++) {
    for (const letter of ['01', '02', '03', '04', '05']) {
      const row = await db.insertInto('groups').values({ group_name: `${s}${letter}`, semester_id: s, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      groups.push(row.id);
    }
  }
  const gens: Array<{ id: number; name: string }> = [];
  for (const year of [2021, 2022, 2023, 2024, 2025]) {
    const row = await db.insertInto('generations').values({ start_date: `${year}-08-01`, end_date: `${year + 5}-02-01`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    gens.push({ id: row.id, name: `${year}-${year + 5}` });
  }
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => start + k);
    await db.insertInto('users').values(batch.map((i) => ({
      full_name: nameOf(i), email: `alumno${i}@escala.test`, password_hash: 'x', role: ROLE.STUDENT,
      controlnumber: `S${String(i).padStart(6, '0')}`, gender: (i % 2) + 1, photo: null, created_at: now, updated_at: now,
    }))).execute();
    const ids = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', batch.map((i) => `alumno${i}@escala.test`)).execute();
    await db.insertInto('user_groups').values(ids.map((u) => ({ user_id: u.id, group_id: groups[u.id % groups.length]! }))).execute();
    await db.insertInto('user_generations').values(ids.map((u) => ({
      user_id: u.id, generation_id: gens[u.id % gens.length]!.id, current_semester_id: (u.id % 9) + 1, active: u.id % 10 === 0 ? 0 : 1,
      created_at: now, updated_at: now,
    }))).execute();
  }
  return gens;
}

async function importFile(rows: number, generation: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Alumnos');
  ws.addRow(['Nombre completo', 'Matrícula', 'Correo', 'Género', 'Grupo', 'Generación', 'Estatus']);
  for (let i = 0; i < rows; i++) {
    ws.addRow([nameOf(i + 100_000), `N${String(i).padStart(6, '0')}`, `nuevo${i}@escala.test`, i % 2 ? 'Mujer' : 'Hombre', `${(i % 9) + 1}0${(i % 5) + 1}`, generation, 'Activo']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(buf: Buffer) {
  const boundary = '----egresobench';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="alumnos.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    buf, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface PeopleResult {
  db: 'sqlite' | 'postgres';
  students: number;
  firstPageMs: number;
  exportMs: number;
  exportBytes: number;
  previewMs: number;
  applyMs: number;
  inserted: number;
}

export async function benchPeople(kind: 'sqlite' | 'postgres', opts: { students: number; rows: number; pgUrl: string }): Promise<PeopleResult> {
  let database: Db;
  let cleanup: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'egreso-bench-people-'));
    database = connect(`sqlite:${join(dir, 'bench.db')}`);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const tmp = await throwawayPg(opts.pgUrl);
    database = connect(tmp.url, { quiet: true });
    cleanup = tmp.drop;
  }
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db);
    const gens = await seedStudents(database, opts.students);
    const now = nowIso();
    await database.db.insertInto('users').values({
      full_name: 'Jefa de Rendimiento', email: 'jefa@escala.test', password_hash: await hashPassword('jefa-secreta-1'),
      role: ROLE.CHIEF, controlnumber: 'J1', gender: 2, photo: null, created_at: now, updated_at: now,
    }).execute();
    const app = await buildApp({ database });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'jefa@escala.test', password: 'jefa-secreta-1' } });
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
    for (let i = 0; i < 30; i++) pageRuns.push((await timed(() => app.inject({ method: 'GET', url: page, headers }))).ms);

    const exportRuns: number[] = [];
    let exportBytes = 0;
    for (let i = 0; i < 3; i++) {
      const { ms, res } = await timed(() => app.inject({ method: 'GET', url: '/api/students/export?active=all&assign_generation=1', headers }));
      exportRuns.push(ms);
      exportBytes = (res as unknown as { rawPayload: Buffer }).rawPayload.length;
    }

    const file = await importFile(opts.rows, gens[gens.length - 1]!.name);
    const upload = multipart(file);
    const post = (url: string) => app.inject({ method: 'POST', url, payload: upload.payload, headers: { ...headers, ...upload.headers } });
    const preview = await timed(() => post('/api/students/import?dry_run=1'));
    const apply = await timed(() => post('/api/students/import'));
    const inserted = (JSON.parse(apply.res.body) as { inserted: number }).inserted;
    if (inserted !== opts.rows) throw new Error(`the import inserted ${inserted} of ${opts.rows} rows: ${apply.res.body.slice(0, 300)}`);
    await app.close();
    return {
      db: kind, students: opts.students, firstPageMs: median(pageRuns), exportMs: median(exportRuns), exportBytes,
      previewMs: preview.ms, applyMs: apply.ms, inserted,
    };
  } finally {
    await database.close();
    await cleanup();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' }, students: { type: 'string', default: '5000' }, rows: { type: 'string', default: '1000' },
      'pg-url': { type: 'string' },
    },
  });
  const kinds = values.db ? [values.db as 'sqlite' | 'postgres'] : (['sqlite', 'postgres'] as const);
  const pgUrl = values['pg-url'] ?? process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let failed = false;
  for (const kind of kinds) {
    const r = await benchPeople(kind, { students: Number(values.students), rows: Number(values.rows), pgUrl });
    const verdict = (ms: number, budget: number) => {
      if (ms > budget) failed = true;
      return `${ms.toFixed(1)} ms (budget ${budget} ms) ${ms <= budget ? 'met' : 'MISSED'}`;
    };
    console.log(`${kind}: ${r.students} students`);
    console.log(`  first page of Students (median of 30): ${verdict(r.firstPageMs, PEOPLE_BUDGETS_MS.firstPage)}`);
    console.log(`  export of every student (median of 3, ${(r.exportBytes / 1024).toFixed(0)} KB): ${verdict(r.exportMs, PEOPLE_BUDGETS_MS.export)}`);
    console.log(`  ${values.rows}-row import, preview: ${verdict(r.previewMs, PEOPLE_BUDGETS_MS.preview)}`);
    console.log(`  ${values.rows}-row import, apply (${r.inserted} inserted): ${verdict(r.applyMs, PEOPLE_BUDGETS_MS.apply)}`);
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
