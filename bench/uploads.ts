import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROLE } from '@egreso/domain';
import { sharedStringsBomb } from '../apps/server/src/test/zip-bombs.js';
import { buildWorkbook, TEACHER_COLUMNS } from '../apps/server/src/modules/users/index.js';
import { login, rssMiB, startBuiltServer } from './built-server.js';

const USAGE = `npm run bench:uploads -- [--port N] [--rounds N] [--per-user N] [--node-options "..."]

Starts the built server (apps/server/dist, built first when missing) on a fresh demo database, creates four
division chiefs, and sends rounds of
four uploads at once (one per chief, each sending --per-user files one after another, default 3) to POST /api/teachers/import?dry_run=1:
first a valid 3 MB workbook whose shared strings inflate to 62 MB (ratio about 20), then a real 10,000-row teachers
file, while /api/health is asked every 50 ms from another process. Reports each upload's status and time, the slowest health check and the
server's peak resident memory (RSS, with its threads, read from /proc every 50 ms). --node-options is passed to the server's process (e.g. "--cpu-prof").`;

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    rounds: { type: 'string' },
    'per-user': { type: 'string' },
    'node-options': { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const PORT = Number(args.port ?? 3484);
const ROUNDS = Number(args.rounds ?? 3);
const PER_USER = Number(args['per-user'] ?? 3);
const BASE = `http://127.0.0.1:${PORT}`;

async function json(path: string, token: string | null, body: unknown) {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function upload(token: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'profesores.xlsx');
  const started = performance.now();
  const res = await fetch(`${BASE}/api/teachers/import?dry_run=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, ms: performance.now() - started, message: body.message ?? '' };
}

async function main() {
  const bomb = await sharedStringsBomb();
  const real = await buildWorkbook(
    'Profesores',
    TEACHER_COLUMNS,
    Array.from({ length: 10_000 }, (_, i) => ({
      full_name: `Profesora Número ${i}`,
      controlnumber: `E${String(i).padStart(6, '0')}`,
      email: `profesora.${i}@bench.edu.mx`,
      gender: i % 2 ? 'Mujer' : 'Hombre',
    })),
  );
  console.log(
    `bomb: ${(bomb.length / 1024 / 1024).toFixed(1)} MB; real file: ${(real.length / 1024 / 1024).toFixed(1)} MB`,
  );
  const nodeOptions = args['node-options'] ? args['node-options'].split(/\s+/) : [];
  const server = await startBuiltServer({ port: PORT, name: 'uploads', nodeOptions });
  const pid = server.pid;
  try {
    const admin = await login(BASE, 'admin@demo.edu.mx', 'admin1234');
    const careers = (await (
      await fetch(`${BASE}/api/careers`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as Array<{ id: number }> | { data: Array<{ id: number }> };
    const careerId = (Array.isArray(careers) ? careers : careers.data)[0]!.id;
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `carga.${i}@bench.edu.mx`;
      const password = 'clave-de-bench';
      const user = await json('/api/users', admin, {
        full_name: `Carga ${i}`,
        controlnumber: `BENCH-${i}`,
        email,
        password,
        gender: 1,
        role: ROLE.CHIEF,
        career_id: careerId,
      });
      const token = await login(BASE, email, password);
      // A new account must choose its own password before anything else.
      await json(`/api/users/${String(user.id)}/password`, token, {
        current_password: password,
        password: `${password}-2`,
        password_confirmation: `${password}-2`,
      });
      tokens.push(await login(BASE, email, `${password}-2`));
    }
    const idleRss = rssMiB(pid);
    const idleHealth: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await (await fetch(`${BASE}/api/health`)).arrayBuffer();
      idleHealth.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    idleHealth.sort((a, b) => a - b);
    console.log(
      `idle: RSS ${idleRss.toFixed(0)} MB; health median ${idleHealth[20]!.toFixed(0)} ms, slowest ${idleHealth[39]!.toFixed(0)} ms; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
    );
    for (const [label, file] of [
      ['bomb (3 MB, shared strings 62 MB)', bomb],
      ['real 10,000-row teachers file', real],
    ] as const) {
      for (let round = 1; round <= ROUNDS; round++) {
        let peakRss = rssMiB(pid);
        let running = true;
        const memory = (async () => {
          while (running) {
            peakRss = Math.max(peakRss, rssMiB(pid));
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        const checker = fork(join(import.meta.dirname, 'health-child.mjs'), [BASE]);
        await new Promise((r) => checker.once('message', r));
        const healthTimes = new Promise<number[]>((done) => checker.once('message', (m) => done(m as number[])));
        // Each user sends PER_USER files one after another: four uploads are in flight all along.
        const answers = (
          await Promise.all(
            tokens.map(async (t) => {
              const mine = [];
              for (let i = 0; i < PER_USER; i++) mine.push(await upload(t, file));
              return mine;
            }),
          )
        ).flat();
        running = false;
        await memory;
        checker.send('stop');
        const health = await healthTimes;
        const statuses = [...new Set(answers.map((a) => a.status))].join(' ');
        const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
        const times = `median ${ms[Math.floor(ms.length / 2)]!.toFixed(0)}, slowest ${ms.at(-1)!.toFixed(0)}`;
        health.sort((a, b) => a - b);
        const slowestHealth = health.at(-1) ?? 0;
        const medianHealth = health[Math.floor(health.length / 2)] ?? 0;
        console.log(
          `${label}, round ${round}: statuses ${statuses}; ms ${times}; health median ${medianHealth.toFixed(0)} ms, slowest ${slowestHealth.toFixed(0)} ms (${health.length} checks); peak RSS ${peakRss.toFixed(0)} MB; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
        );
        if (round === 1) console.log(`  ${answers[0]!.message}`);
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
