// `npm run admin -- create|reset-password ...`: builds the server when its sources changed, then runs the operator's
// command (apps/server/src/admin.ts) against DATABASE_URL. The password is read from NEW_PASSWORD or a prompt.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const output = join(root, 'apps/server/dist/admin.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const built = existsSync(output) ? statSync(output).mtimeMs : 0;
if (['apps/server/src', 'packages/domain/src'].some((s) => newestMtime(join(root, s)) > built)) {
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
