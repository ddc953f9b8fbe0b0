import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { PRIVATE_DIR_MODE, privateFiles } from '../lib/private-files.js';
import { dirname } from 'node:path';
import { esFold, esSearchFold } from '@egreso/domain';
import type { Database } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's pool, for the few libraries that speak to pg directly (the sign-in throttle's store). */
  pool?: pg.Pool;
  /** The URL it was opened with (backups use it). */
  url: string;
  /** SQLite only: the connection itself, for the online backup API. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// PostgreSQL answers bigint (count) and numeric as strings: they become numbers here, once for the whole app.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export function dialectOf(url: string): Dialect {
  return url.startsWith('postgres://') || url.startsWith('postgresql://') ? 'postgres' : 'sqlite';
}

export function connect(url: string, options: { poolSize?: number; quiet?: boolean } = {}): Db {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => {
      if (!options.quiet) console.error(`PostgreSQL idle connection error: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', url, pool, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  // A new folder is made 0700 (an existing one may be shared, /tmp say, and is left alone).
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // The database and its WAL files: owner only, existing ones too, saying so when they were looser.
  if (file !== ':memory:') {
    for (const line of privateFiles([file, `${file}-wal`, `${file}-shm`])) {
      if (!options.quiet) console.warn(line);
    }
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  registerSqliteFunctions(sqlite);
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  // Outside a transaction, a read on the one connection sees what Kysely would see if it took the connection now.
  readers.set(db, (sql, parameters) => (sqlite.inTransaction ? null : cached.prepare(sql).all(parameters)));
  return { db, dialect: 'sqlite', url, sqlite, close: () => db.destroy() };
}

const readers = new WeakMap<object, (sql: string, parameters: readonly unknown[]) => unknown[] | null>();

/**
 * A read run at once on SQLite's driver, without the query builder's connection lock and promises: for the one query
 * every signed-in request runs (the session's user). It answers null on PostgreSQL, inside a transaction (`db` is
 * then the transaction, or the connection is in one: uncommitted rows must not be seen) and on a database opened
 * elsewhere; the caller then reads through Kysely as usual.
 */
export function readAtOnce<R>(db: object, query: CompiledQuery<R>, parameters: readonly unknown[]): R[] | null {
  const read = readers.get(db);
  return read ? (read(query.sql, parameters) as R[] | null) : null;
}

/**
 * The SQL functions PostgreSQL gets from migrations 0002 and 0013, for a SQLite connection: `es_fold(text)`, `es_search(text)` and
 * `es_key(text)`, and a Unicode `lower`. Any code that opens the SQLite file itself must call this before writing `users` or `subjects`
 * (their indexes use `es_key`).
 */
export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  const strict =
    <T>(f: (s: string) => T) =>
    (s: unknown) =>
      typeof s === 'string' ? f(s) : null;
  sqlite.function('es_fold', { deterministic: true }, strict(esFold));
  sqlite.function('es_search', { deterministic: true }, strict(esSearchFold));
  // SQLite's own lower() folds ASCII only; PostgreSQL's folds 'É' too, so case-insensitive checks agree on both.
  sqlite.function(
    'lower',
    { deterministic: true },
    strict((s) => s.toLowerCase()),
  );
  sqlite.function(
    'es_key',
    { deterministic: true },
    strict((s) => Buffer.from(esFold(s), 'utf8')),
  );
}

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely's SQLite driver prepares every query anew; reusing the compiled statement of an identical SQL text
 * saves SQLite's parse and plan on each request (bounded, least recently used first out).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
