// `npm test`: lint, typecheck, unit and component tests, server HTTP tests on SQLite and on PostgreSQL,
// the web and server builds, then the browser flows. Ends with one summary line of test counts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'egreso-test-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout ?? '');
  const ok = r.status === 0;
  console.log(
    `--- ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failedSteps.push(name);
  return r.stdout ?? '';
}

function vitest(name, projects, env = {}) {
  const out = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const before = failedSteps.length;
  run(name, 'npx', args, env);
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  passed += report.numPassedTests ?? 0;
  const failedTests = report.numFailedTests ?? 0;
  // A suite that crashed before its tests ran still counts as a failure.
  failed += failedTests > 0 ? failedTests : failedSteps.length > before ? 1 : 0;
}

const want = (step) => only.length === 0 || only.includes(step);

if (want('lint')) run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
if (want('lint')) run('format', 'npx', ['prettier', '--check', '.']);
if (want('typecheck')) run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
if (want('unit')) vitest('unit and component tests', ['domain', 'web']);
if (want('sqlite')) vitest('server tests on SQLite', ['server']);
if (want('postgres')) vitest('server tests on PostgreSQL', ['server'], { TEST_DATABASE: 'postgres' });
if (want('build')) run('build', 'npm', ['run', 'build', '--silent']);
if (want('e2e')) {
  const out = run('browser flows', 'node', ['--import', 'tsx', 'e2e/run.ts']);
  const m = /e2e: (\d+) passed, (\d+) failed/.exec(out);
  if (m) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  } else {
    failed += 1;
  }
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
