import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { knownMigrations } from './db/migrate.js';
import { createThrowawayPg, onPostgres } from './test/harness.js';
import { call, startServerProcess, type ServerProcess } from './test/server-process.js';

/*
 * Two server processes on one PostgreSQL database, started together on an empty database: it is migrated and given
 * the demo once; a teacher's saves through either process are read back through the other, and a chief's division
 * report is the same from both after every save (the stored rating sums are refreshed by whichever reads first).
 */

const running: ServerProcess[] = [];
let drop: (() => Promise<void>) | null = null;

afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  if (drop) await drop();
});

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database', () => {
  it("migrate and seed once, share sessions, read each other's grades and agree on the reports", async () => {
    const tmp = await createThrowawayPg();
    drop = tmp.drop;
    // No administrator configured: each would load the demo on an empty database.
    const env = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
    const [a, b] = await Promise.all([startServerProcess(tmp.url, env), startServerProcess(tmp.url, env)]);
    running.push(a!, b!);
    const seeded = [a!, b!].filter((p) => p.output().includes('se cargó la institución de demostración'));
    expect(seeded).toHaveLength(1);

    const client = new pg.Client({ connectionString: tmp.url });
    await client.connect();
    let sheetId: number;
    let generationId: number;
    try {
      const migrations = await client.query<{ name: string }>('select name from kysely_migration order by name');
      expect(migrations.rows.map((r) => r.name)).toEqual([...(await knownMigrations())].sort());
      expect((await client.query('select id from users where email = $1', ['admin@demo.edu.mx'])).rowCount).toBe(1);
      sheetId = (
        await client.query<{ id: number }>(
          `select ps.id from professor_subjects ps join users u on u.id = ps.user_id join periods p on p.id = ps.period_id
         where u.email = $1 and p.is_active = 1 order by ps.id limit 1`,
          ['laura.mendoza@demo.edu.mx'],
        )
      ).rows[0]!.id;
      generationId = (
        await client.query<{ generation_id: number }>(
          `select ug.generation_id from user_generations ug join user_groups g on g.user_id = ug.user_id
         join professor_subjects ps on ps.group_id = g.group_id where ps.id = $1 limit 1`,
          [sheetId],
        )
      ).rows[0]!.generation_id;
    } finally {
      await client.end();
    }

    const servers = [a!, b!];
    const loginOn = async (server: ServerProcess, email: string, password: string) =>
      ((await call(server.baseUrl, 'POST', '/login', { body: { email, password } })).json as { token: string }).token;
    // A session opened on one process is honoured by the other.
    const teacher = await loginOn(a!, 'laura.mendoza@demo.edu.mx', 'profe1234');
    const chief = await loginOn(b!, 'jefe.sistemas@demo.edu.mx', 'jefe1234');
    const sheet = (await call(b!.baseUrl, 'GET', `/grade-sheets/${sheetId}`, { token: teacher })).json as {
      students: Array<{ id: number }>;
      activities: Array<{ id: number }>;
    };
    expect(sheet.students.length).toBeGreaterThan(0);
    expect(sheet.activities.length).toBeGreaterThan(0);

    const report = async (server: ServerProcess) => {
      const res = await call(server.baseUrl, 'GET', `/reportes/flex?generation_id=${generationId}`, { token: chief });
      expect(res.status).toBe(200);
      return res.json as unknown[];
    };
    const before = await report(a!);

    // Saves alternate between the processes; each is read back on the other, and both report the same afterwards.
    const activity = sheet.activities[0]!.id;
    for (let round = 0; round < 6; round++) {
      const writer = servers[round % 2]!;
      const reader = servers[(round + 1) % 2]!;
      const cells = sheet.students
        .slice(0, 4)
        .map((s, i) => ({ user_id: s.id, activity_id: activity, qualification: 50 + round * 5 + i }));
      const saved = await call(writer.baseUrl, 'POST', '/profesor/calificar/actividades/batch', {
        token: teacher,
        body: { calificaciones: cells },
      });
      expect(saved.status).toBe(200);
      const [fromReader, reportReader] = await Promise.all([
        call(reader.baseUrl, 'POST', '/useractivities/by-users-and-activities', {
          token: teacher,
          body: { user_ids: cells.map((c) => c.user_id), activity_ids: [activity] },
        }),
        report(reader),
      ]);
      const readBack = (fromReader.json as Array<{ user_id: number; qualification: number }>).map((g) => [
        g.user_id,
        g.qualification,
      ]);
      const byUser = (x: number[][]) => x.sort((p, q) => p[0]! - q[0]!);
      expect(byUser(readBack)).toEqual(byUser(cells.map((c) => [c.user_id, c.qualification])));
      expect(await report(writer)).toEqual(reportReader);
    }
    expect(await report(b!)).not.toEqual(before);

    for (const p of servers) p.signal('SIGTERM');
    for (const p of servers) expect((await p.exited).code).toBe(0);
  }, 120_000);
});
