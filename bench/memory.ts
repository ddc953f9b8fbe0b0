import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createThrowawayPg } from '../apps/server/src/test/harness.js';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-env.mjs';
import { measure } from './load.js';
import { castFor, startMixedLoad } from './mixed-load.js';

const USAGE = `npm run bench:memory -- [--load mixed|me] [--db sqlite|postgres] [--database-url URL] [--port N]
                              [--connections N] [--duration S] [--node-options "..."]

Memory of the built server (\`npm run build\`) under load: the server runs alone in a child process, which reports
process.memoryUsage() every 200 ms; autocannon (another child) sends GET /api/me with a session token on N
connections (default 50): 3 s of warm-up, then S seconds measured (default 15). Prints the median and peak of the
resident set (RSS) and of the V8 heap over the measured run, and the requests/s.
  --load mixed   (default) on a fresh demo institution (or --database-url, e.g. a scale data set): while /me is
                 under load, a teacher loads, saves (every cell) and exports a grade sheet, imports a spreadsheet
                 into it, an administrator reads each generation's division report and its .xlsx, and a chief the
                 cohort evidence (bench/mixed-load.ts); the operations done are printed
  --load me      /me alone, on a fresh database with one administrator
  --node-options is passed to the server's process (e.g. "--max-semi-space-size=4").`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      load: { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      'node-options': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const mixed = (values.load ?? 'mixed') === 'mixed';
  if (values.load && values.load !== 'mixed' && values.load !== 'me') throw new Error('--load must be mixed or me');
  const port = Number(values.port ?? 3464);
  const dir = mkdtempSync(join(tmpdir(), 'egreso-mem-'));
  const given = values['database-url'];
  const pgdb = !given && values.db === 'postgres' ? await createThrowawayPg() : null;
  const url = given ?? pgdb?.url ?? `sqlite:${join(dir, 'app.db')}`;
  // The mixed load runs on the demo institution, which a new database without ADMIN_EMAIL receives.
  const admin = mixed ? {} : { ADMIN_EMAIL: 'mem@bench.mx', ADMIN_PASSWORD: 'clave-de-bench' };
  const child = fork(join(import.meta.dirname, 'memory-child.mjs'), [], {
    // As `npm start` runs it (scripts/server-env.mjs); --node-options come after, so they win.
    execArgv: [...SERVER_NODE_FLAGS, ...(values['node-options'] ? values['node-options'].split(/\s+/) : [])],
    env: {
      ...SERVER_ENV,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      ...admin,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const samples: Array<{ rss: number; heapUsed: number; heapTotal: number; external: number }> = [];
  let recording = false;
  let idle: NodeJS.MemoryUsage | null = null;
  child.on('message', (m: NodeJS.MemoryUsage) => {
    if (recording) samples.push(m);
    else idle = m;
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) break;
      } catch {
        /* starting */
      }
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const cast = mixed ? await castFor(url) : null;
    const token = cast?.teacher ?? (await signIn(base));
    await new Promise((r) => setTimeout(r, 500));
    // Started with the warm-up, so that the measured seconds see it at full pace.
    const side = cast ? startMixedLoad(base, cast) : null;
    const idleNow = idle as NodeJS.MemoryUsage | null;
    const load = measure(
      {
        url: `${base}/api/me`,
        headers: { authorization: `Bearer ${token}` },
        connections: Number(values.connections ?? 50),
        warmupSeconds: 3,
        durationSeconds: Number(values.duration ?? 15),
      },
      () => {
        recording = true;
      },
    );
    const result = await load.finally(() => {
      recording = false;
    });
    const done = await side?.stop();
    const rss = samples.map((s) => s.rss);
    const heap = samples.map((s) => s.heapUsed);
    console.log(
      `${given ? 'given database' : (values.db ?? 'sqlite')}, ${mixed ? 'mixed load' : '/me alone'}, ${values.connections ?? 50} connections, ${samples.length} samples${values['node-options'] ? `, node ${values['node-options']}` : ''}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    if (done) {
      console.log(
        `beside /me: ${Object.entries(done)
          .map(([name, c]) => `${name} ${c.done}${c.failed ? ` (${c.failed} refused: ${c.statuses.join(', ')})` : ''}`)
          .join(', ')}`,
      );
    }
    console.log(
      `idle before load: RSS ${idleNow ? mb(idleNow.rss) : '?'} MB, heap used ${idleNow ? mb(idleNow.heapUsed) : '?'} MB`,
    );
    console.log(
      `| RSS median MB | RSS peak MB | heap used median MB | heap used peak MB | heap total peak MB | external peak MB | req/s |`,
    );
    console.log(
      `| ${mb(median(rss))} | ${mb(Math.max(...rss))} | ${mb(median(heap))} | ${mb(Math.max(...heap))} | ${mb(Math.max(...samples.map((s) => s.heapTotal)))} | ${mb(Math.max(...samples.map((s) => s.external)))} | ${result.rps.toFixed(0)} |`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (pgdb) await pgdb.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'mem@bench.mx', password: 'clave-de-bench' }),
  });
  return ((await login.json()) as { token: string }).token;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
