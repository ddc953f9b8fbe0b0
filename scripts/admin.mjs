// `npm run admin -- create|reset-password ...`: builds the server when its sources changed, then runs the operator's
// command (apps/server/src/admin.ts) against DATABASE_URL. The password is read from NEW_PASSWORD or a prompt.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { needsBuild } from './needs-build.mjs';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const output = join(root, 'apps/server/dist/admin.js');

if (needsBuild(root, output, ['apps/server/src', 'packages/domain/src'])) {
  const r = spawnSync(npm, ['run', 'build', '-w', '@egreso/server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ['--enable-source-maps', output, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
