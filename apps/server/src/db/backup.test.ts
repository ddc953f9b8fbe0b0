import { sql } from 'kysely';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { makeActivity, makeSheet, type SheetFixture } from '../test/factories.js';
import { as, createThrowawayPg, login, onPostgres, type TestContext } from '../test/harness.js';
import { backupDatabase, backupUrl, listBackups, restoreDatabase, scheduleBackups } from './backup.js';
import { connect } from './connect.js';
import { initializeDatabase } from './init.js';

/*
 * A copy taken while teachers save grades through the API holds every grade acknowledged before it began, and every
 * batch whole; restored into a new database, the app starts on it and shows those grades.
 */

const dir = mkdtempSync(join(tmpdir(), 'egreso-backup-'));
const drops: Array<() => Promise<void>> = [];

async function freshUrl(name: string): Promise<string> {
  if (!onPostgres) return `sqlite:${join(dir, `${name}.db`)}`;
  const tmp = await createThrowawayPg();
  drops.push(tmp.drop);
  return tmp.url;
}

async function openApp(url: string): Promise<TestContext & { close: () => Promise<void> }> {
  const database = connect(url, { poolSize: 5, quiet: true });
  await initializeDatabase(database, { demo: false });
  const app = await buildApp({ database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let source: TestContext & { close: () => Promise<void> };
let sourceUrl: string;
let sheets: Array<SheetFixture & { activities: number[] }>;

beforeAll(async () => {
  sourceUrl = await freshUrl('source');
  source = await openApp(sourceUrl);
  sheets = [];
  for (let i = 0; i < 2; i++) {
    const sheet = await makeSheet(source, { students: 6 });
    const activities = [];
    for (let a = 0; a < 3; a++)
      activities.push((await makeActivity(source, sheet.assignmentId, sheet.attributeIds)).id);
    sheets.push({ ...sheet, activities });
  }
});

afterAll(async () => {
  await source?.close();
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

type Cell = { user_id: number; activity_id: number; qualification: number };
const key = (c: { user_id: number; activity_id: number }) => `${c.user_id}:${c.activity_id}`;

async function gradesOf(
  ctx: TestContext,
  sheet: SheetFixture & { activities: number[] },
): Promise<Map<string, number>> {
  const token = await login(ctx, sheet.teacher.email, sheet.teacher.password);
  const res = await as(
    ctx,
    { token },
    {
      method: 'POST',
      url: '/api/useractivities/by-users-and-activities',
      payload: { user_ids: sheet.students.map((s) => s.id), activity_ids: sheet.activities },
    },
  );
  expect(res.statusCode).toBe(200);
  const rows = res.json<Array<{ user_id: number; activity_id: number; qualification: number | null }>>();
  return new Map(rows.filter((r) => r.qualification !== null).map((r) => [key(r), r.qualification!]));
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, { timeout: 60_000 }, () => {
  it('copies while teachers save, and the restored copy has every grade acknowledged before the copy began, batches whole', async () => {
    // Each teacher saves their sheet in batches of three new cells, one batch after another.
    const batches: Array<{ teacher: SheetFixture['teacher']; cells: Cell[] }> = [];
    for (const sheet of sheets) {
      const cells = sheet.activities.flatMap((activity_id, a) =>
        sheet.students.map((s, i) => ({ user_id: s.id, activity_id, qualification: 50 + a * 10 + i })),
      );
      for (let i = 0; i < cells.length; i += 3) batches.push({ teacher: sheet.teacher, cells: cells.slice(i, i + 3) });
    }
    const acknowledged: Cell[] = [];
    let backupStarted = false;
    let ackedBeforeBackup: Cell[] = [];
    let backup: Promise<{ file: string }> | null = null;
    const teacherLoop = async (teacherId: number) => {
      for (const batch of batches.filter((b) => b.teacher.id === teacherId)) {
        const res = await as(source, batch.teacher, {
          method: 'POST',
          url: '/api/profesor/calificar/actividades/batch',
          payload: { calificaciones: batch.cells },
        });
        expect(res.statusCode).toBe(200);
        acknowledged.push(...batch.cells);
        // The copy begins once a third of the batches are acknowledged, while the teachers go on saving.
        if (!backupStarted && acknowledged.length >= batches.length) {
          backupStarted = true;
          ackedBeforeBackup = [...acknowledged];
          backup = backupUrl(sourceUrl, join(dir, 'copies'), 3);
        }
      }
    };
    await Promise.all(sheets.map((s) => teacherLoop(s.teacher.id)));
    expect(backup).not.toBeNull();
    const { file } = await backup!;
    expect(ackedBeforeBackup.length).toBeGreaterThan(0);

    const restoredUrl = await freshUrl('restored');
    await restoreDatabase(restoredUrl, file);
    const restored = await openApp(restoredUrl);
    try {
      const found = new Map<string, number>();
      for (const sheet of sheets) for (const [k, v] of await gradesOf(restored, sheet)) found.set(k, v);
      for (const cell of ackedBeforeBackup) expect(found.get(key(cell)), key(cell)).toBe(cell.qualification);
      // Nothing invented, and each batch is there whole or not at all.
      for (const batch of batches) {
        const present = batch.cells.filter((c) => found.get(key(c)) === c.qualification).length;
        expect([0, batch.cells.length]).toContain(present);
      }
      expect(found.size % 3).toBe(0);
      expect((await restored.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a database in use, a damaged copy and a copy made by newer code', async () => {
    const { file } = await backupDatabase(source.database, join(dir, 'copies'), 3);
    await expect(restoreDatabase(sourceUrl, file)).rejects.toThrow(/detén la aplicación antes de restaurar/);

    const damaged = join(dir, onPostgres ? 'damaged.dump' : 'damaged.sqlite');
    writeFileSync(damaged, readFileSync(file));
    truncateSync(damaged, Math.floor(readFileSync(file).length * 0.6));
    await expect(restoreDatabase(await freshUrl('target-damaged'), damaged)).rejects.toThrow(/dañada|no se puede leer/);

    const garbage = join(dir, 'garbage.dump');
    writeFileSync(garbage, 'not a copy');
    await expect(restoreDatabase(await freshUrl('target-garbage'), garbage)).rejects.toThrow(/no es una copia/);

    const db = source.database.db;
    await sql`insert into kysely_migration (name, timestamp) values (${'9999-from-the-future'}, ${new Date().toISOString()})`.execute(
      db,
    );
    try {
      const newer = await backupDatabase(source.database, join(dir, 'newer'), 1);
      await expect(restoreDatabase(await freshUrl('target-newer'), newer.file)).rejects.toThrow(
        /versión más nueva de la aplicación \(migraciones 9999-from-the-future\)/,
      );
    } finally {
      await sql`delete from kysely_migration where name = ${'9999-from-the-future'}`.execute(db);
    }
  });

  it('keeps the newest copies only, and the running server copies on its own schedule', async () => {
    const copies = join(dir, 'scheduled');
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      error: (o: object, msg: string) => logged.push(`${msg} ${JSON.stringify(o)}`),
    };
    const schedule = scheduleBackups(source.database, { dir: copies, keep: 2, everyMs: 30 }, log);
    const deadline = Date.now() + 20_000;
    while (logged.filter((m) => m === 'backup written').length < 4 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await schedule.stop();
    expect(logged.filter((m) => m !== 'backup written')).toEqual([]);
    expect(logged.length).toBeGreaterThanOrEqual(4);
    expect(listBackups(copies)).toHaveLength(2);
    expect(readdirSync(copies).filter((f) => f.startsWith('.partial'))).toEqual([]);
  });
});
