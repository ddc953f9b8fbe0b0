import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const MAIN = resolve(ROOT, 'apps/server/src/main.ts');

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  /** Resolves when the process has exited: its code, its signal, and ms since `signal()` was sent. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  signal(signal?: NodeJS.Signals): void;
}

/** Starts the server (src/main.ts through tsx) as its own process on a database, and waits for /api/health. */
export async function startServerProcess(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_ROOT: resolve(ROOT, 'no-web-root'),
      ADMIN_EMAIL: 'admin.proceso@test.mx',
      ADMIN_PASSWORD: 'clave-de-prueba',
      BACKUP_EVERY_HOURS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  let signalledAt = 0;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((res) => {
    child.once('exit', (code, signal) => res({ code, signal, ms: signalledAt ? performance.now() - signalledAt : 0 }));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    child,
    output: () => out,
    exited,
    signal(signal = 'SIGTERM') {
      signalledAt = performance.now();
      child.kill(signal);
    },
  };
}

/** Calls the API of a server process; network failures answer status 0. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; json: unknown }> {
  try {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  } catch {
    return { status: 0, json: null };
  }
}
