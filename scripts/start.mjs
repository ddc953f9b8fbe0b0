// `npm start`: builds what is missing, then runs the server (which migrates and initialises the database).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

function run(args) {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (needsBuild(join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/domain/src'])) {
  console.log('Construyendo la aplicación web...');
  run(['run', 'build', '-w', '@egreso/web']);
}
if (needsBuild(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/domain/src'])) {
  console.log('Construyendo el servidor...');
  run(['run', 'build', '-w', '@egreso/server']);
}

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
