import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The built server on a fresh demo database: its address, its process id and how to stop it. */
export interface BuiltServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist, built first when missing or when BENCH_REBUILD is set) on a fresh SQLite
 * demo database in a temporary folder, without its log, and waits until /api/health answers. `nodeOptions` go to the
 * server's process (e.g. '--cpu-prof'). `stop` ends the server, waits for its exit and removes
 * the folder.
 */
export async function startBuiltServer(options: {
  port: number;
  name: string;
  nodeOptions?: string[];
}): Promise<BuiltServer> {
  const dist = join(root, 'apps/server/dist/main.js');
  if (!existsSync(dist) || process.env.BENCH_REBUILD) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@egreso/server'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('server build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), `egreso-${options.name}-`));
  const server = spawn(process.execPath, [...(options.nodeOptions ?? []), dist], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
  });
  const base = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, Date.now() + 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, pid: server.pid!, stop };
}

async function waitForHealth(base: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not answer /api/health in time');
}

/** Signs in through POST /api/login: the session's token. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The resident memory of a process (with its threads) in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
