// `npm test`: lint, typecheck, unit and component tests, server HTTP tests on SQLite and on PostgreSQL,
// the web and server builds, then the browser flows. Ends with one summary line of test counts.
//
// Steps run in two tracks side by side (below), and each step's output is printed whole when it ends, so the log
// reads step by step.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'egreso-test-'));
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];
/** One line per failing test, printed again at the very end so that the last lines of the log name them. */
const failures = [];
/** Browser flows that failed once and passed when run again alone. */
const retried = [];
const firstLine = (text) =>
  String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

/** Runs one step to its end; resolves to its standard output (standard error is kept with it, in order). */
function run(name, cmd, args, env = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let log = '';
    let stdout = '';
    child.stdout.on('data', (d) => {
      log += d;
      stdout += d;
    });
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => {
      const ok = code === 0;
      const took = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n=== ${name} ===\n${log}--- ${name}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${took} s\n`,
      );
      if (!ok) failedSteps.push(name);
      done(stdout);
    });
  });
}

async function vitest(name, projects, env = {}) {
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
  await run(name, 'npx', args, env);
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  passed += report.numPassedTests ?? 0;
  const failedTests = report.numFailedTests ?? 0;
  // A suite that crashed before its tests ran still counts as a failure.
  failed += failedTests > 0 ? failedTests : failedSteps.length > before ? 1 : 0;
  for (const file of report.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const broken = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of broken) failures.push(`${name}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (broken.length === 0 && file.status === 'failed') failures.push(`${name}: ${where}: ${firstLine(file.message)}`);
  }
  if (failedSteps.length > before && failedTests === 0 && !report.testResults) failures.push(`${name}: no report`);
}

async function e2e() {
  const out = await run('browser flows', 'node', ['--import', 'tsx', 'e2e/run.ts']);
  const lines = out.split('\n');
  lines.forEach((line, i) => {
    if (line.startsWith('  ✗ ')) failures.push(`browser flows: ${line.slice(4)}: ${firstLine(lines[i + 1])}`);
    if (line.startsWith('  ! ')) retried.push(`${line.slice(4)}: ${firstLine(lines[i + 1])}`);
  });
  const m = /e2e: (\d+) passed, (\d+) failed/.exec(out);
  if (m) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  } else {
    failed += 1;
  }
}

const want = (step) => only.length === 0 || only.includes(step);
const stage = (...steps) => Promise.all(steps.filter(Boolean).map((s) => s()));
const started = Date.now();

// Two tracks side by side. The browser's: the build, then the flows, which spend much of their time waiting on the
// browser and the server (animations, auto-closing dialogs, page loads) and so leave room on the cores for the rest.
// The other: the checks that read the sources, the component tests, then the server's tests on the two databases
// together (PostgreSQL's wait on the database while SQLite's compute).
const browserTrack = async () => {
  if (want('build')) await run('build', 'npm', ['run', 'build', '--silent']);
  if (!want('e2e')) return;
  if (failedSteps.includes('build')) {
    console.log('\n=== browser flows ===\nnot run: the build failed');
    failed += 1;
    return;
  }
  await e2e();
};
const testTrack = async () => {
  await stage(
    want('lint') && (() => run('lint', 'npx', ['eslint', '.', '--max-warnings=0'])),
    want('lint') && (() => run('format', 'npx', ['prettier', '--check', '.'])),
    want('lint') && (() => run('import circles', 'npm', ['run', 'circles', '--silent'])),
    want('typecheck') && (() => run('typecheck', 'npm', ['run', 'typecheck', '--silent'])),
  );
  if (want('unit')) await vitest('unit and component tests', ['domain', 'web']);
  await stage(
    want('sqlite') && (() => vitest('server tests on SQLite', ['server'])),
    want('postgres') && (() => vitest('server tests on PostgreSQL', ['server'], { TEST_DATABASE: 'postgres' })),
  );
};
await Promise.all([browserTrack(), testTrack()]);

if (retried.length) console.log(`\nFlows that passed on a second try:\n${retried.map((f) => `  ${f}`).join('\n')}`);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nAll steps in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
