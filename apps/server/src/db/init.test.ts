import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { DemoRefusedError, initializeDatabase } from './init.js';
import { DEMO_ACCOUNTS } from './demo.js';
import { connect, type Db } from './connect.js';
import { onPostgres } from '../test/harness.js';
import pg from 'pg';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** An empty database of the kind under test, not even migrated. */
async function emptyDatabase(): Promise<Db> {
  if (!onPostgres) {
    const db = connect('sqlite::memory:');
    cleanups.push(() => db.close());
    return db;
  }
  const name = `egreso_init_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = connect(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), { poolSize: 3 });
  cleanups.push(async () => {
    await db.close();
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return db;
}

describe('first start', () => {
  it('loads the demo institution with one working account per role, once', async () => {
    const database = await emptyDatabase();
    const first = await initializeDatabase(database);
    expect(first.created).toBe('demo');
    expect(first.accounts.map((a) => a.email)).toEqual(Object.values(DEMO_ACCOUNTS).map((a) => a.email));

    const db = database.db;
    expect((await db.selectFrom('semesters').select('id').execute()).map((s) => s.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(
      (await db.selectFrom('evaluation_scales').selectAll().orderBy('id').execute()).map((s) => [
        s.scale_name,
        s.min_value,
        s.max_value,
      ]),
    ).toEqual([
      ['Insuficiente', 0, 69],
      ['Suficiente', 70, 89],
      ['Sobresaliente', 90, 100],
    ]);
    const roles = await db.selectFrom('users').select(['role']).execute();
    for (const role of [0, 1, 2, 3]) expect(roles.some((r) => r.role === role)).toBe(true);
    expect(roles.filter((r) => r.role === 3).length).toBeGreaterThanOrEqual(30);
    const active = await db.selectFrom('periods').select('period_name').where('is_active', '=', 1).execute();
    expect(active).toHaveLength(1);
    const grades = await db
      .selectFrom('user_activities')
      .select('qualification')
      .where('qualification', 'is not', null)
      .execute();
    const bands = new Set(grades.map((g) => (g.qualification! >= 90 ? 'S' : g.qualification! >= 70 ? 'M' : 'I')));
    expect(bands).toEqual(new Set(['S', 'M', 'I']));

    const app = await buildApp({ database });
    cleanups.push(() => app.close());
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode, account.email).toBe(200);
      // The demo's published passwords are for a loopback address: no forced change.
      expect(res.json().must_change_password, account.email).toBe(false);
    }

    const again = await initializeDatabase(database);
    expect(again.created).toBeNull();
    expect((await db.selectFrom('users').select('id').execute()).length).toBe(roles.length);
  });

  it('creates only the given administrator when ADMIN_EMAIL and ADMIN_PASSWORD are set', async () => {
    const database = await emptyDatabase();
    const result = await initializeDatabase(database, { adminEmail: 'Root@Uni.mx', adminPassword: 'muysegura1' });
    expect(result.created).toBe('admin');
    const users = await database.db.selectFrom('users').select(['email', 'role']).execute();
    expect(users).toEqual([{ email: 'root@uni.mx', role: 0 }]);
    expect(await database.db.selectFrom('careers').select('id').execute()).toHaveLength(0);
    expect(await database.db.selectFrom('semesters').select('id').execute()).toHaveLength(9);
    // The operator chose that password: no forced change.
    const app = await buildApp({ database });
    cleanups.push(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'root@uni.mx', password: 'muysegura1' },
    });
    expect(res.json().must_change_password).toBe(false);
  });

  it('refuses to load or serve the demo on an address others reach unless asked for', async () => {
    const database = await emptyDatabase();
    await expect(initializeDatabase(database, { refuseDemo: true })).rejects.toThrow(DemoRefusedError);
    await expect(initializeDatabase(database, { refuseDemo: true })).rejects.toThrow(/DEMO=1/);
    expect(await database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    // Once loaded (on a loopback address), the demo still is not served elsewhere.
    expect((await initializeDatabase(database)).created).toBe('demo');
    await expect(initializeDatabase(database, { refuseDemo: true })).rejects.toThrow(DemoRefusedError);

    const real = await emptyDatabase();
    expect(
      (await initializeDatabase(real, { refuseDemo: true, adminEmail: 'root@uni.mx', adminPassword: 'muysegura1' }))
        .created,
    ).toBe('admin');
    // A real institution keeps starting without the administrator settings.
    expect((await initializeDatabase(real, { refuseDemo: true })).created).toBeNull();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite:./data/app.db',
      INSTITUTION_TIME_ZONE: 'America/Mexico_City',
    });
    expect(loadConfig({ INSTITUTION_TIME_ZONE: ' America/Tijuana ' }).INSTITUTION_TIME_ZONE).toBe('America/Tijuana');
  });

  it('refuses bad values with a message naming them', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mx' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ INSTITUTION_TIME_ZONE: 'Mexico/Tenochtitlan' })).toThrow(/INSTITUTION_TIME_ZONE/);
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'cualquiera', '10.0.0.1/33', '10.0.0.300', '10.0.0.1,,x', '500']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads SESSION_MAX_HOURS (12), SESSION_IDLE_MINUTES (30), the deprecated SESSION_MAX_DAYS, and DEMO', () => {
    expect(loadConfig({})).toMatchObject({ SESSION_MAX_HOURS: 12, SESSION_IDLE_MINUTES: 30, DEMO: false });
    expect(loadConfig({ SESSION_MAX_HOURS: '8', SESSION_IDLE_MINUTES: '15', DEMO: '1' })).toMatchObject({
      SESSION_MAX_HOURS: 8,
      SESSION_IDLE_MINUTES: 15,
      DEMO: true,
    });
    expect(loadConfig({ SESSION_MAX_DAYS: '2' }).SESSION_MAX_HOURS).toBe(48);
    for (const [name, value] of [
      ['SESSION_MAX_HOURS', '0'],
      ['SESSION_MAX_HOURS', '1.5'],
      ['SESSION_MAX_HOURS', '721'],
      ['SESSION_IDLE_MINUTES', '4'],
      ['SESSION_IDLE_MINUTES', 'media hora'],
      ['SESSION_MAX_DAYS', '0'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), value).toThrow(new RegExp(`^Configuración no válida: ${name} debe`));
    }
    expect(() => loadConfig({ SESSION_MAX_HOURS: '12', SESSION_MAX_DAYS: '1' })).toThrow(
      'Configuración no válida: SESSION_MAX_DAYS está obsoleta y no puede darse junto con SESSION_MAX_HOURS; deje solo SESSION_MAX_HOURS.',
    );
    expect(() => loadConfig({ DEMO: 'si' })).toThrow(/DEMO/);
  });

  it('tells loopback hosts from the others', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'servidor.uni.mx'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('the client address', () => {
  async function sessionIp(trustProxy: false | number | string[] | undefined, remoteAddress: string) {
    const database = await emptyDatabase();
    await initializeDatabase(database, { adminEmail: 'root@uni.mx', adminPassword: 'muysegura1' });
    const app = await buildApp({ database, trustProxy });
    cleanups.push(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': '203.0.113.7' },
      payload: { email: 'root@uni.mx', password: 'muysegura1' },
    });
    expect(res.statusCode).toBe(200);
    const row = await database.db.selectFrom('user_sessions').select('ip').executeTakeFirstOrThrow();
    return row.ip;
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    expect(await sessionIp(undefined, '10.0.0.5')).toBe('10.0.0.5');
    expect(await sessionIp(['10.9.9.9'], '10.0.0.5')).toBe('10.0.0.5');
    expect(await sessionIp(['10.0.0.0/24'], '10.0.0.5')).toBe('203.0.113.7');
    expect(await sessionIp(1, '10.0.0.5')).toBe('203.0.113.7');
  });
});
