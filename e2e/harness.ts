import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..');
export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--lang=es-MX',
];

export interface Server {
  baseUrl: string;
  /** The database the server runs on, so a flow can compute expected values from the rows themselves. */
  databaseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built server on a free port with a new demo database (SQLite unless DATABASE_URL is given); `extraEnv`
 * adds settings (institutional sign-in's, say).
 */
export async function startServer(
  port: number,
  databaseUrl?: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'egreso-e2e-'));
  const url = databaseUrl ?? `sqlite:${join(dir, 'app.db')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    databaseUrl: url,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 375, height: 812 };

export interface FlowContext {
  browser: Browser;
  baseUrl: string;
  databaseUrl: string;
  /** A new isolated browser context (own storage) at the given viewport. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }>;
  /** Saves a full-page screenshot under e2e/screenshots/NAME.png. */
  screenshot(page: Page, name: string): Promise<void>;
}

/**
 * One browser flow. Flows run side by side in their own browser contexts against the one server and its demo
 * database (e2e/run.ts), so a flow that changes what others read says so:
 * - `alone`: it runs with no other flow running. For a flow that changes demo data other flows read or sign in with
 *   (passwords, the semester, periods, the group policy, targets, report figures), or one whose checks would be upset
 *   by another's writes (figures compared with the rows, failed sign-ins that the address throttle counts).
 * - `lock`: flows naming the same lock never run at the same time, but may run beside any other flow: for flows
 *   that write the same rows as each other (the demo teacher's grade sheets) and nothing the rest read.
 * A flow that creates its own data (its own accounts, subjects, groups, named with a unique tag) needs neither.
 */
export interface Flow {
  name: string;
  alone?: boolean;
  lock?: string;
  run(ctx: FlowContext): Promise<void>;
}

export function makeContext(browser: Browser, baseUrl: string, databaseUrl: string): FlowContext {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    browser,
    baseUrl,
    databaseUrl,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl, locale: 'es-MX' });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { page, context };
    },
    async screenshot(page, name) {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
  };
}

/** Signs in through the login form and waits for the role's dashboard. */
export async function loginAs(page: Page, email: string, password: string, landing: string): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`**/app${landing}`);
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
