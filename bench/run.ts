import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LOGIN_JS_MAX_GZIP, measureLoginSize, type LoginSizeResult } from './login-size.js';
import { benchMe, ME_MIN_RATIO, type MeResult } from './me.js';
import { benchSerialize, type SerializeRow } from './serialize.js';
import type { DatabaseKind } from './targets.js';

const USAGE = `npm run bench -- [me|login-size|serialize] [options]

  me            GET /api/me against a bare Fastify + raw driver baseline (SQLite and PostgreSQL)
  login-size    gzipped JavaScript loaded by /app/login
  serialize     response serialization of large answers (5,000-row list, 60 × 30 grade sheet): the app's zod
                serializer against a compiled fast-json-stringify one and bare JSON.stringify (report, no budget)
  (nothing)     me and login-size

options for me:
  --db sqlite|postgres     one database only (default: both)
  --rounds N               alternating app/baseline rounds (default 2)
  --duration S             measured seconds per run (default 10)
  --warmup S               warm-up seconds before each run (default 2)
  --connections N          concurrent connections (default 10)
  --port N                 first of nine ports to listen on, the first free one is used (default 3471)
  --pg-url URL             PostgreSQL admin URL for the throwaway database
                           (default $BENCH_PG_URL, $TEST_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
options for serialize:
  --rounds N               timed runs per figure, the median is reported (default 30)
options for login-size:
  --dist DIR               read an existing build (e.g. apps/web/dist) instead of building into a temporary folder`;

const FIRST_PORT = 3471;
const PORT_COUNT = 9;

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rps = (n: number) => n.toFixed(0);
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function meReport(results: MeResult[]): { text: string; ok: boolean } {
  const rows = results.map((r) => [
    r.database,
    r.app.map((x) => rps(x.rps)).join(' / '),
    r.baseline.map((x) => rps(x.rps)).join(' / '),
    rps(r.appBest),
    rps(r.baselineBest),
    pct(r.ratio),
    pct(r.medianRatio),
    `${r.appCpu.toFixed(1)} / ${r.baselineCpu.toFixed(1)}`,
    pct(r.cpuRatio),
    r.ratio >= ME_MIN_RATIO ? 'ok' : 'MISSED',
  ]);
  const text = table(
    [
      'GET /api/me',
      'app req/s (runs)',
      'baseline req/s (runs)',
      'app best',
      'base best',
      'ratio best',
      'ratio median',
      'CPU µs/req app / base',
      'CPU ratio',
      `>= ${pct(ME_MIN_RATIO)}`,
    ],
    rows,
  );
  return { text, ok: results.every((r) => r.ratio >= ME_MIN_RATIO) };
}

function serializeReport(rows: SerializeRow[]): { text: string; ok: boolean } {
  const ms = (n: number) => `${n.toFixed(n < 1 ? 3 : 1)} ms`;
  const text = table(
    [
      'answer',
      'JSON size',
      'zod serializer',
      'of which zod parse',
      'fast-json-stringify',
      'JSON.stringify',
      'inject zod / compiled',
    ],
    rows.map((r) => [
      r.answer,
      kb(r.bytes),
      ms(r.zod),
      `${ms(r.zodParse)} (${pct(r.zodParse / r.zod)})`,
      ms(r.compiled),
      ms(r.jsonStringify),
      `${ms(r.injectZod)} / ${ms(r.injectCompiled)}`,
    ]),
  );
  return { text, ok: true };
}

function loginReport(result: LoginSizeResult): { text: string; ok: boolean } {
  const ok = result.totalGzipBytes <= LOGIN_JS_MAX_GZIP;
  const rows = result.files.map((f) => [f.file, kb(f.bytes), kb(f.gzipBytes), '']);
  rows.push([
    `total (${result.files.length} files, ${result.method})`,
    kb(result.totalBytes),
    kb(result.totalGzipBytes),
    ok ? 'ok' : 'MISSED',
  ]);
  const text = table(['/app/login JavaScript', 'raw', 'gzip', `<= ${kb(LOGIN_JS_MAX_GZIP)}`], rows);
  return { text: `build: ${result.dist}\n${text}`, ok };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      rounds: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'pg-url': { type: 'string' },
      port: { type: 'string' },
      dist: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const unknown = positionals.filter((p) => p !== 'me' && p !== 'login-size' && p !== 'serialize');
  if (unknown.length > 0) {
    console.error(`unknown benchmark: ${unknown.join(', ')}\n\n${USAGE}`);
    return 2;
  }
  const selected = positionals.length > 0 ? new Set(positionals) : new Set(['me', 'login-size']);
  if (values.db && values.db !== 'sqlite' && values.db !== 'postgres') {
    console.error('--db must be sqlite or postgres');
    return 2;
  }
  const log = (line: string) => console.log(line);
  console.log(
    `node ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const reports: Array<{ text: string; ok: boolean }> = [];
  if (selected.has('login-size')) {
    reports.push(loginReport(measureLoginSize({ dist: values.dist ?? null, log })));
  }
  if (selected.has('me')) {
    const databases: DatabaseKind[] = values.db ? [values.db as DatabaseKind] : ['sqlite', 'postgres'];
    const results = await benchMe({
      databases,
      rounds: Math.round(positiveNumber('rounds', values.rounds, 2)),
      durationSeconds: positiveNumber('duration', values.duration, 10),
      warmupSeconds: positiveNumber('warmup', values.warmup, 2),
      connections: Math.round(positiveNumber('connections', values.connections, 10)),
      ports: Array.from(
        { length: PORT_COUNT },
        (_, i) => Math.round(positiveNumber('port', values.port, FIRST_PORT)) + i,
      ),
      pgAdminUrl:
        values['pg-url'] ??
        process.env.BENCH_PG_URL ??
        process.env.TEST_PG_URL ??
        'postgres://postgres@127.0.0.1:5432/postgres',
      log,
    });
    reports.push(meReport(results));
  }
  if (selected.has('serialize')) {
    reports.push(serializeReport(await benchSerialize(Math.round(positiveNumber('rounds', values.rounds, 30)))));
  }

  console.log('');
  for (const r of reports) console.log(`${r.text}\n`);
  const ok = reports.every((r) => r.ok);
  console.log(ok ? 'bench: every budget met' : 'bench: a budget was missed');
  return ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
