import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  openSync,
  readdirSync,
  readSync,
  closeSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { devNull } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { connect, dialectOf, registerSqliteFunctions, type Db, type Dialect } from './connect.js';
import { knownMigrations } from './migrate.js';
import { PRIVATE_FILE_MODE, privateFolder } from '../lib/private-files.js';

/*
 * Backups and restores of the whole database. SQLite: the online backup API (a consistent copy while the app writes);
 * PostgreSQL: `pg_dump -Fc` (one snapshot) and `pg_restore`. Files are named by the time they were taken, so that
 * their names sort by age; the newest `keep` are kept. Messages are for the operator, in Spanish.
 */

const run = promisify(execFile);
const PREFIX = 'egreso-';
const EXTENSION: Record<Dialect, string> = { sqlite: '.sqlite', postgres: '.dump' };

/** Refusals of a backup or a restore: the message says what to do. */
export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

export function backupFileName(dialect: Dialect, at = new Date()): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${EXTENSION[dialect]}`;
}

/** The backups in a folder, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && (f.endsWith('.sqlite') || f.endsWith('.dump')))
    .sort();
}

function prune(dir: string, keep: number): void {
  const files = listBackups(dir);
  for (const f of files.slice(0, Math.max(0, files.length - keep))) rmSync(join(dir, f), { force: true });
}

/** The URL without its password, and the password for the PostgreSQL tools' environment (not their command line). */
function pgTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function toolMajor(tool: string): Promise<number> {
  try {
    const { stdout } = await run(tool, ['--version']);
    return Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1] ?? 0);
  } catch {
    throw new BackupError(
      `No se encontró ${tool}: instala el cliente de PostgreSQL (postgresql-client) y ponlo en el PATH.`,
    );
  }
}

/** pg_dump / pg_restore must be at least the server's major version. */
async function checkPgTools(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let server: number;
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    server = Math.floor(Number(rows[0]!.v) / 10000);
  } finally {
    await client.end();
  }
  for (const tool of ['pg_dump', 'pg_restore']) {
    const major = await toolMajor(tool);
    if (major < server)
      throw new BackupError(
        `${tool} ${major} no puede copiar un servidor PostgreSQL ${server}: instala el cliente ${server} o posterior.`,
      );
  }
}

/**
 * Writes a consistent copy of the database into `dir` and keeps the newest `keep` copies. On SQLite the copy goes
 * through the given connection: the running server's own, stepping between requests (its writes during the copy go
 * into the copy too), or a separate one (`onePass`: all pages in one step under one read transaction, so that writes
 * of another process cannot restart it).
 */
export async function backupDatabase(
  database: Db,
  dir: string,
  keep: number,
  opts: { onePass?: boolean } = {},
): Promise<BackupResult> {
  const started = performance.now();
  // The copies hold every person's data: a 0700 folder of 0600 files (older copies are restricted too).
  for (const line of privateFolder(dir, listBackups(dir))) console.warn(line);
  const file = join(dir, backupFileName(database.dialect));
  const partial = join(dir, `.partial-${process.pid}-${Date.now()}`);
  try {
    if (database.dialect === 'sqlite') {
      if (!database.sqlite) throw new BackupError('La conexión SQLite no admite copias.');
      if (opts.onePass) await database.sqlite.backup(partial, { progress: () => 0x7fffffff });
      else await database.sqlite.backup(partial);
    } else {
      await checkPgTools(database.url);
      const target = pgTarget(database.url);
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${target.url}`],
        { env: target.env },
      );
    }
    chmodSync(partial, PRIVATE_FILE_MODE);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  prune(dir, keep);
  return { file, bytes: statSync(file).size, ms: performance.now() - started };
}

/** Opens the database of a URL just to copy it (the `npm run backup` command). */
export async function backupUrl(url: string, dir: string, keep: number): Promise<BackupResult> {
  const database = connect(url, { poolSize: 1, quiet: true });
  try {
    return await backupDatabase(database, dir, keep, { onePass: true });
  } finally {
    await database.close();
  }
}

function fileKind(file: string): Dialect | null {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The copy's integrity and its migrations; refuses a copy made by newer code. */
async function checkCopy(file: string, dialect: Dialect): Promise<void> {
  let names: string[];
  if (dialect === 'sqlite') {
    let copy: SQLite.Database | null = null;
    try {
      copy = new SQLite(file, { readonly: true, fileMustExist: true });
      // Indexes on es_key(…) are checked too.
      registerSqliteFunctions(copy);
      const result = copy.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`La copia está dañada (integrity_check: ${String(result)}).`);
      names = copy.prepare('select name from kysely_migration').pluck().all() as string[];
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`La copia no se puede leer: ${(err as Error).message}`);
    } finally {
      copy?.close();
    }
  } else {
    try {
      // Reads the whole archive (every data block), not only its table of contents.
      await run('pg_restore', [`--file=${devNull}`, file], { maxBuffer: 1024 * 1024 });
      const { stdout } = await run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file], {
        maxBuffer: 16 * 1024 * 1024,
      });
      const copyBlock = /COPY [^\n]*kysely_migration[^\n]*FROM stdin;\n([\s\S]*?)\n\\\./.exec(stdout);
      names = copyBlock
        ? copyBlock[1]!
            .split('\n')
            .filter(Boolean)
            .map((line) => line.split('\t')[0]!)
        : [];
    } catch (err) {
      throw new BackupError(
        `La copia está dañada o no es un volcado de pg_dump: ${(err as Error).message.split('\n')[0]}`,
      );
    }
  }
  if (!names.length) throw new BackupError('La copia no contiene migraciones: no es una copia de esta aplicación.');
  const known = new Set(await knownMigrations());
  const newer = names.filter((n) => !known.has(n));
  if (newer.length) {
    throw new BackupError(
      `La copia viene de una versión más nueva de la aplicación (migraciones ${newer.join(', ')}): actualiza el código antes de restaurarla.`,
    );
  }
}

/** Holds an exclusive lock on a SQLite file, or refuses when another connection (a running server) has it open. */
function lockSqlite(path: string): SQLite.Database | null {
  if (!existsSync(path)) return null;
  const probe = new SQLite(path, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    return probe;
  } catch {
    probe.close();
    throw new BackupError(
      `La base de datos ${path} está abierta por otro proceso: detén la aplicación antes de restaurar.`,
    );
  }
}

/**
 * Replaces the database of `url` with the copy in `file`, after checking that nothing has the database open, that the
 * copy is whole and that its migrations are known to this code. SQLite: the replaced file is kept beside it
 * (`<file>.before-restore-<time>`). PostgreSQL: the copy is restored in one transaction (`pg_restore --clean
 * --single-transaction`).
 */
export async function restoreDatabase(url: string, file: string): Promise<{ replaced: string | null }> {
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  const dialect = dialectOf(url);
  const kind = fileKind(file);
  if (kind !== dialect) {
    throw new BackupError(
      kind === null
        ? `${file} no es una copia de SQLite ni un volcado de pg_dump.`
        : `${file} es una copia de ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, y DATABASE_URL es de ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}.`,
    );
  }
  if (dialect === 'sqlite') return restoreSqlite(url, file);
  await restorePostgres(url, file);
  return { replaced: null };
}

/** SQLite: the copy is staged beside the database, then swapped in under a lock; the replaced file is kept. */
async function restoreSqlite(url: string, file: string): Promise<{ replaced: string | null }> {
  const target = url.replace(/^sqlite:/, '');
  if (target === ':memory:') throw new BackupError('No se puede restaurar en una base de datos en memoria.');
  // Checked first, so that a refusal says nothing about the copy.
  lockSqlite(target)?.close();
  await checkCopy(file, 'sqlite');
  const staged = `${target}.restoring`;
  copyFileSync(file, staged);
  // Nothing may open the database between the check and the swap.
  const lock = lockSqlite(target);
  let replaced: string | null = null;
  try {
    if (existsSync(target)) {
      replaced = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      lock?.close();
      renameSync(target, replaced);
      if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${replaced}-wal`);
      rmSync(`${target}-shm`, { force: true });
    }
    renameSync(staged, target);
  } finally {
    if (lock?.open) lock.close();
    rmSync(staged, { force: true });
  }
  return { replaced };
}

/** PostgreSQL: refused while other connections are open, then restored in one transaction. */
async function restorePostgres(url: string, file: string): Promise<void> {
  await checkPgTools(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (rows[0]!.n > 0)
      throw new BackupError(
        `La base de datos tiene ${rows[0]!.n} conexión(es) abiertas: detén la aplicación antes de restaurar.`,
      );
  } finally {
    await client.end();
  }
  await checkCopy(file, 'postgres');
  const target = pgTarget(url);
  try {
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${target.url}`,
        file,
      ],
      { env: target.env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (err) {
    throw new BackupError(
      `pg_restore falló; la base de datos quedó como estaba: ${(err as Error).message.split('\n').slice(0, 3).join(' ')}`,
    );
  }
}

export interface BackupSchedule {
  /** Stops the schedule and waits for a copy in progress. */
  stop(): Promise<void>;
}

/** Copies the database every `everyMs` while the server runs; a failed copy is logged and retried at the next turn. */
export function scheduleBackups(
  database: Db,
  opts: { dir: string; keep: number; everyMs: number },
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
): BackupSchedule {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = backupDatabase(database, opts.dir, opts.keep)
      .then((r) => log.info({ file: r.file, bytes: r.bytes, ms: Math.round(r.ms) }, 'backup written'))
      .catch((err: Error) => log.error({ err: { message: err.message } }, 'backup failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
