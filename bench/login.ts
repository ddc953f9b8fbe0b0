// `npm run bench:login [-- --db sqlite|postgres] [--seconds N] [--connections N] [--port N]`: POST /api/login under load.
// Two runs on a fresh database with 40 accounts: right passwords (sign-ins), then wrong passwords for unknown e-mails,
// each from its own client address (X-Forwarded-For from a trusted local proxy, so no address reaches its threshold).
// Prints requests/s, p50 and p99 latency; results are recorded in bench/RESULTS.md.
import autocannon from 'autocannon';
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

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    port: { type: 'string', default: '3480' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ACCOUNTS = 40;
const PASSWORD = 'bench-login-123';

async function database(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (values.db === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'egreso-login-'));
    return {
      db: connect(`sqlite:${join(dir, 'b.db')}`),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `egreso_login_${process.pid}`;
  const admin = new pg.Client({ connectionString: values['pg-url'] });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    db: connect(values['pg-url']!.replace(/\/[^/]*$/, `/${name}`), { poolSize: 10 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: values['pg-url'] });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function run(url: string, requests: () => { email: string; password: string; ip: string }) {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: `${url}/api/login`,
    method: 'POST',
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const r = requests();
          return {
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': r.ip },
            body: JSON.stringify({ email: r.email, password: r.password }),
          };
        },
      },
    ],
  });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  const used = process.cpuUsage(cpu);
  // CPU of this process (server, argon2's threads and the load generator) per answer: steadier than req/s on a busy machine.
  const cpuMs = Math.round((used.user + used.system) / 1000 / Math.max(1, result.requests.total));
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, cpuMs, codes };
}

async function main() {
  const { db, drop } = await database();
  try {
    await migrateToLatest(db);
    await seedReferenceData(db.db);
    const hash = await hashPassword(PASSWORD);
    const now = nowIso();
    await db.db
      .insertInto('users')
      .values(
        Array.from({ length: ACCOUNTS }, (_, i) => ({
          full_name: `Cuenta ${i}`,
          email: `cuenta${i}@bench.mx`,
          password_hash: hash,
          role: ROLE.TEACHER,
          controlnumber: `B${i}`,
          gender: 1,
          photo: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const app = await buildApp({ database: db, trustProxy: ['127.0.0.1'] } as Parameters<typeof buildApp>[0]);
    await app.listen({ port: Number(values.port), host: '127.0.0.1' });
    const url = `http://127.0.0.1:${values.port}`;
    let n = 0;
    const ip = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const ok = await run(url, () => ({
      email: `cuenta${++n % ACCOUNTS}@bench.mx`,
      password: PASSWORD,
      ip: ip(),
    }));
    const bad = await run(url, () => ({
      email: `nadie${++n}@bench.mx`,
      password: 'incorrecta',
      ip: ip(),
    }));
    await app.close();
    for (const [label, r] of [
      ['sign-ins', ok],
      ['failures', bad],
    ] as const) {
      console.log(
        `${values.db}: ${label} ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms CPU ${r.cpuMs} ms/answer [${r.codes}]`,
      );
    }
  } finally {
    await db.close();
    await drop();
  }
}

void main();
