import SQLite from 'better-sqlite3';
import pg from 'pg';
import { nowIso } from '../lib/time.js';
import { dialectOf, registerSqliteFunctions } from './connect.js';
import type { IdTable, RowSink } from './writers.js';

/*
 * The scale generator's sink: rows written straight into a fresh database, not through Kysely, in one transaction;
 * the ids of the id tables are chosen here (1, 2, 3… per table, in the order written) so nothing is read back.
 */

type ColumnType = 'int' | 'float8' | 'text';
type Value = string | number | null;
type Row = Readonly<Record<string, Value | undefined>>;

/** A column's value in row number `index`: the id numbered from `firstId`, or the row's value (null when absent). */
const valueOf = (row: Row, column: string, firstId: number | null, index: number): Value =>
  column === 'id' && firstId !== null ? firstId + index : (row[column] ?? null);

/** Columns written per table, with their PostgreSQL array types for `unnest`. */
const COLUMNS = {
  careers: [
    ['id', 'int'],
    ['career_key', 'text'],
    ['name', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  periods: [
    ['id', 'int'],
    ['period_name', 'text'],
    ['start_date', 'text'],
    ['end_date', 'text'],
    ['status', 'text'],
    ['is_active', 'int'],
    ['notes', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  generations: [
    ['id', 'int'],
    ['start_date', 'text'],
    ['end_date', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  attributes: [
    ['id', 'int'],
    ['attribute_name', 'text'],
    ['description', 'text'],
    ['codigo', 'text'],
    ['career_id', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  subjects: [
    ['id', 'int'],
    ['subject_name', 'text'],
    ['subject_key', 'text'],
    ['theory_credits', 'int'],
    ['practice_credits', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  subject_semesters: [
    ['subject_id', 'int'],
    ['semester_id', 'int'],
  ],
  subject_careers: [
    ['subject_id', 'int'],
    ['career_id', 'int'],
  ],
  subject_prerequisites: [
    ['subject_id', 'int'],
    ['prerequisite_id', 'int'],
  ],
  subject_attributes: [
    ['subject_id', 'int'],
    ['attribute_id', 'int'],
    ['knowledge_level', 'text'],
  ],
  groups: [
    ['id', 'int'],
    ['group_name', 'text'],
    ['semester_id', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  users: [
    ['id', 'int'],
    ['full_name', 'text'],
    ['email', 'text'],
    ['password_hash', 'text'],
    ['role', 'int'],
    ['controlnumber', 'text'],
    ['gender', 'int'],
    ['photo', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  user_careers: [
    ['user_id', 'int'],
    ['career_id', 'int'],
  ],
  user_groups: [
    ['user_id', 'int'],
    ['group_id', 'int'],
  ],
  user_generations: [
    ['user_id', 'int'],
    ['generation_id', 'int'],
    ['current_semester_id', 'int'],
    ['active', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  professor_subjects: [
    ['id', 'int'],
    ['user_id', 'int'],
    ['subject_id', 'int'],
    ['group_id', 'int'],
    ['period_id', 'int'],
    ['career_id', 'int'],
    ['created_at', 'text'],
  ],
  enrolments: [
    ['user_id', 'int'],
    ['subject_id', 'int'],
    ['semester_id', 'int'],
    ['period_id', 'int'],
    ['status_id', 'int'],
    ['created_at', 'text'],
  ],
  activities: [
    ['id', 'int'],
    ['professor_subject_id', 'int'],
    ['activity_name', 'text'],
    ['type_activity', 'text'],
    ['evaluation_instrument', 'text'],
    ['ponderation', 'float8'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  activity_attributes: [
    ['activity_id', 'int'],
    ['attribute_id', 'int'],
  ],
  user_activities: [
    ['user_id', 'int'],
    ['activity_id', 'int'],
    ['qualification', 'float8'],
    ['updated_by', 'int'],
    ['updated_at', 'text'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, ColumnType]>>;

type Table = keyof typeof COLUMNS;

interface BulkWriter {
  /** Inserts the rows' values of the table's columns; `firstId`, when given, numbers them from there. */
  insert(table: Table, rows: ReadonlyArray<Row>, firstId: number | null): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** better-sqlite3 prepared multi-row inserts, all in one transaction. */
function sqliteWriter(file: string): BulkWriter {
  const db = new SQLite(file);
  registerSqliteFunctions(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -262144');
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: Table, rows: number) => {
    const key = `${table}:${rows}`;
    let stmt = statements.get(key);
    if (!stmt) {
      const cols = COLUMNS[table].map(([name]) => name);
      const tuple = `(${cols.map(() => '?').join(', ')})`;
      stmt = db.prepare(
        `insert into ${table} (${cols.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`,
      );
      statements.set(key, stmt);
    }
    return stmt;
  };
  db.exec('begin');
  return {
    async insert(table, rows, firstId) {
      const per = Math.max(1, Math.floor(4000 / COLUMNS[table].length));
      for (let i = 0; i < rows.length; i += per) {
        const end = Math.min(rows.length, i + per);
        const params: Value[] = [];
        for (let r = i; r < end; r++)
          for (const [name] of COLUMNS[table]) params.push(valueOf(rows[r]!, name, firstId, r));
        statement(table, end - i).run(params);
      }
    },
    async finish() {
      db.exec('commit');
      db.exec('analyze');
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
    async abort() {
      if (db.inTransaction) db.exec('rollback');
      db.close();
    },
  };
}

/** PostgreSQL inserts of whole column arrays through `unnest`, tens of thousands of rows a statement, one transaction. */
async function postgresWriter(url: string, explicitIds: readonly Table[]): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('set local synchronous_commit to off');
  return {
    async insert(table, rows, firstId) {
      const cols = COLUMNS[table];
      const text = `insert into ${table} (${cols.map(([n]) => n).join(', ')}) select * from unnest(${cols
        .map(
          ([, type], i) =>
            `$${i + 1}::${type === 'int' ? 'integer' : type === 'float8' ? 'double precision' : 'text'}[]`,
        )
        .join(', ')})`;
      for (let i = 0; i < rows.length; i += 50_000) {
        const chunk = rows.slice(i, i + 50_000);
        await client.query(
          text,
          cols.map(([name]) => chunk.map((row, k) => valueOf(row, name, firstId, i + k))),
        );
      }
    },
    async finish() {
      for (const table of explicitIds) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      await client.query('commit');
      // Statistics for the planner, and the visibility map that lets index-only scans skip the table.
      await client.query('vacuum analyze');
      await client.end();
    },
    async abort() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Creates the PostgreSQL database of the URL when it does not exist yet. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** A sink on a fresh database that also counts the rows written per table; `finish` commits, `abort` rolls back. */
export interface BulkSink extends RowSink {
  readonly counts: Record<string, number>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

const ID_TABLES: readonly IdTable[] = [
  'careers',
  'periods',
  'generations',
  'attributes',
  'subjects',
  'groups',
  'users',
  'professor_subjects',
  'activities',
];

export async function bulkSink(url: string): Promise<BulkSink> {
  const writer =
    dialectOf(url) === 'postgres' ? await postgresWriter(url, ID_TABLES) : sqliteWriter(url.replace(/^sqlite:/, ''));
  const counts: Record<string, number> = {};
  const lastId = new Map<Table, number>();
  const write = async (table: Table, rows: ReadonlyArray<object>, withIds: boolean): Promise<number[]> => {
    const firstId = (lastId.get(table) ?? 0) + 1;
    counts[table] = (counts[table] ?? 0) + rows.length;
    await writer.insert(table, rows as ReadonlyArray<Row>, withIds ? firstId : null);
    if (!withIds) return [];
    lastId.set(table, firstId + rows.length - 1);
    return Array.from({ length: rows.length }, (_, i) => firstId + i);
  };
  return {
    now: nowIso(),
    counts,
    add: (table, rows) => write(table, rows, true),
    put: async (table, rows) => void (await write(table, rows, false)),
    finish: () => writer.finish(),
    abort: () => writer.abort(),
  };
}
