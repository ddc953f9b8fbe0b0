import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { connect } from './db/connect.js';
import { initializeDatabase } from './db/init.js';
import { controlNumbers, makeSheet, type SheetFixture } from './test/factories.js';
import { as, createThrowawayPg, onPostgres } from './test/harness.js';
import { call, startServerProcess, type ServerProcess } from './test/server-process.js';

/*
 * SIGTERM while grade batches and a spreadsheet import are in flight: every write commits or rolls back whole, every
 * acknowledged one is there after a restart, and the process exits cleanly in under 10 s.
 */

const dir = mkdtempSync(join(tmpdir(), 'egreso-shutdown-'));
let url: string;
let drop: (() => Promise<void>) | null = null;
let sheet: SheetFixture;
let activities: number[];
let mat: Map<number, string>;
const running: ServerProcess[] = [];

beforeAll(async () => {
  if (onPostgres) {
    const tmp = await createThrowawayPg();
    url = tmp.url;
    drop = tmp.drop;
  } else {
    url = `sqlite:${join(dir, 'app.db')}`;
  }
  const database = connect(url, { poolSize: 2, quiet: true });
  await initializeDatabase(database, { demo: false });
  const app = await buildApp({ database });
  try {
    const ctx = { app, database };
    sheet = await makeSheet(ctx, { students: 24 });
    const res = await as(ctx, sheet.teacher, {
      method: 'POST',
      url: '/api/activities/bulk-upsert',
      payload: {
        professor_subject_id: sheet.assignmentId,
        activities: ['Act 1', 'Act 2', 'Act 3', 'Importada'].map((activity_name) => ({
          activity_name,
          ponderation: 25,
          attribute_ids: sheet.attributeIds,
        })),
      },
    });
    activities = res.json<{ activities: Array<{ id: number }> }>().activities.map((a) => a.id);
    mat = await controlNumbers(
      ctx,
      sheet.students.map((s) => s.id),
    );
  } finally {
    await app.close();
    await database.close();
  }
});

afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  if (drop) await drop();
  rmSync(dir, { recursive: true, force: true });
});

async function workbook(rows: unknown[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  for (const r of rows) ws.addRow(r);
  return new Blob([Buffer.from(await wb.xlsx.writeBuffer())]);
}

async function storedGrades(server: ServerProcess, token: string): Promise<Map<string, number>> {
  const res = await call(server.baseUrl, 'POST', '/useractivities/by-users-and-activities', {
    token,
    body: { user_ids: sheet.students.map((s) => s.id), activity_ids: activities },
  });
  expect(res.status).toBe(200);
  const rows = res.json as Array<{ user_id: number; activity_id: number; qualification: number | null }>;
  return new Map(
    rows.filter((r) => r.qualification !== null).map((r) => [`${r.user_id}:${r.activity_id}`, r.qualification!]),
  );
}

describe(`graceful shutdown (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('SIGTERM amid batch saves and an import: each commits or rolls back whole, acknowledged ones survive, exit 0 in < 10 s', async () => {
    const server = await startServerProcess(url);
    running.push(server);
    const login = await call(server.baseUrl, 'POST', '/login', {
      body: { email: sheet.teacher.email, password: sheet.teacher.password },
    });
    const token = (login.json as { token: string }).token;

    // Twelve batches of six cells over the first three activities (distinct values), and one import filling the fourth.
    const batches = [0, 1, 2].flatMap((a) =>
      [0, 6, 12, 18].map((from) =>
        sheet.students
          .slice(from, from + 6)
          .map((s, i) => ({ user_id: s.id, activity_id: activities[a]!, qualification: 40 + a * 20 + (from + i) / 2 })),
      ),
    );
    const imported = sheet.students.map((s, i) => ({
      user_id: s.id,
      activity_id: activities[3]!,
      qualification: 60 + i,
    }));
    const form = new FormData();
    form.append('group_id', String(sheet.groupId));
    form.append('subject_id', String(sheet.subjectId));
    form.append(
      'file',
      await workbook([
        ['Matrícula', 'Nombre', 'Importada'],
        ...imported.map((c, i) => [mat.get(c.user_id), `Alumno ${i}`, c.qualification]),
      ]),
      'calificaciones.xlsx',
    );

    const save = (cells: (typeof batches)[number]) =>
      call(server.baseUrl, 'POST', '/profesor/calificar/actividades/batch', { token, body: { calificaciones: cells } });
    const first = save(batches[0]!);
    const rest = batches.slice(1).map((b) => save(b));
    const importing = call(server.baseUrl, 'POST', '/ratings/import', { token, form });
    // SIGTERM once the first batch is acknowledged: the others are in flight or about to be sent.
    const firstAnswer = await first;
    server.signal('SIGTERM');
    // Sent after the signal: answered (a connection still open) or refused, never half written. It rewrites batch 0.
    const lateCells = batches[0]!.map((c) => ({ ...c, qualification: 1 }));
    const late = save(lateCells);
    const answers = [firstAnswer, ...(await Promise.all(rest))];
    const importAnswer = await importing;
    const lateAnswer = await late;
    const exit = await server.exited;

    expect(exit.code, server.output()).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    expect(answers[0]!.status).toBe(200);
    // An answer is an acknowledgement, a refusal of a closing server (503) or a dropped connection (0); never a 500.
    for (const a of [...answers, importAnswer, lateAnswer]) expect([0, 200, 503]).toContain(a.status);

    const again = await startServerProcess(url);
    running.push(again);
    const relogin = await call(again.baseUrl, 'POST', '/login', {
      body: { email: sheet.teacher.email, password: sheet.teacher.password },
    });
    const stored = await storedGrades(again, (relogin.json as { token: string }).token);
    const present = (cells: Array<{ user_id: number; activity_id: number; qualification: number }>) =>
      cells.filter((c) => stored.get(`${c.user_id}:${c.activity_id}`) === c.qualification).length;
    if (lateAnswer.status === 200) expect(present(lateCells), 'the late batch, acknowledged').toBe(lateCells.length);
    else expect([0, lateCells.length]).toContain(present(lateCells));
    batches.forEach((cells, i) => {
      if (i === 0 && present(lateCells) === lateCells.length) return;
      if (answers[i]!.status === 200) expect(present(cells), `batch ${i} acknowledged`).toBe(cells.length);
      else expect([0, cells.length], `batch ${i} whole or not at all`).toContain(present(cells));
    });
    if (importAnswer.status === 200) expect(present(imported)).toBe(imported.length);
    else expect([0, imported.length]).toContain(present(imported));
    // Nothing else was written: every stored grade is one some request sent.
    const sent = new Set(
      [...batches.flat(), ...imported, ...lateCells].map((c) => `${c.user_id}:${c.activity_id}:${c.qualification}`),
    );
    for (const [k, v] of stored) expect(sent.has(`${k}:${v}`), k).toBe(true);
    again.signal('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 120_000);
});
