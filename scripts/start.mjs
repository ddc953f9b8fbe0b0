// `npm start`: builds what is missing, then runs the server (which migrates and initialises the database).
import { spawnSync, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { needsBuild } from './needs-build.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-env.mjs';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (needsBuild(root, join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/domain/src'])) {
  console.log('Construyendo la aplicación web...');
  run(['run', 'build', '-w', '@egreso/web']);
}
if (needsBuild(root, join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/domain/src'])) {
  console.log('Construyendo el servidor...');
  run(['run', 'build', '-w', '@egreso/server']);
}

// A flag the operator sets in NODE_OPTIONS is theirs: the command line would otherwise override it.
const operatorOptions = process.env.NODE_OPTIONS ?? '';
const nodeFlags = SERVER_NODE_FLAGS.filter((flag) => !operatorOptions.includes(flag.split('=')[0]));
const child = spawn(process.execPath, [...nodeFlags, '--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
