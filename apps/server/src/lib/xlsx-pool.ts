import { Piscina } from 'piscina';
import { HttpError } from './http-errors.js';
import { checkWorkbook, type SheetCaps } from './xlsx-guard.js';
import type { CellValue, ParseResult, ParseTask } from './xlsx-worker.js';

export type { CellValue } from './xlsx-worker.js';

/**
 * Uploaded spreadsheets are checked and read in a small pool of worker threads, never on the event loop: a workbook
 * that takes seconds or hundreds of megabytes to open costs its worker, not every other request. A worker that runs
 * out of its memory or time is ended (the pool starts another) and the upload refused in Spanish.
 */
export const XLSX_POOL = {
  /** Workbooks read at once (the server runs on two cores; the rest of the app keeps one). */
  threads: 1,
  /** Workbooks waiting for a thread; one more is refused with 503 and Retry-After. */
  queue: 4,
  /** Heap of one worker: a 10,000-row people file needs about 60 MB. */
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  /** Time one workbook may take in its worker, waiting excluded. */
  timeoutMs: 20_000,
  /** A thread left idle this long is ended (its memory given back). */
  idleTimeoutMs: 30_000,
  /** Seconds a client is asked to wait when the queue is full. */
  retryAfterSeconds: 10,
} as const;

export const XLSX_POOL_MSG = {
  busyUser: 'Ya hay un archivo tuyo en proceso; espera a que termine e inténtalo de nuevo.',
  busyServer: 'El servidor está procesando muchos archivos en este momento; inténtalo de nuevo en unos segundos.',
  outOfMemory: 'El archivo necesita más memoria de la que se permite para leerlo; divídelo en varios archivos.',
  tooSlow: 'El archivo tardó demasiado en leerse; divídelo en varios archivos.',
  unreadable: 'No se pudo leer el archivo. Guárdalo de nuevo desde Excel e inténtalo otra vez.',
} as const;

let pool: Piscina<ParseTask, ParseResult> | null = null;
type PoolLimits = { -readonly [K in keyof typeof XLSX_POOL]: number };
let limits: PoolLimits = { ...XLSX_POOL };

/** Other limits for the pool from now on (tests: a worker that runs out of memory or time); the current pool is ended. */
export async function setXlsxPoolLimits(overrides: Partial<PoolLimits>): Promise<void> {
  limits = { ...XLSX_POOL, ...overrides };
  await closeXlsxPool();
}

/**
 * The worker's file next to this module: the .ts source under tsx (tests, `npm run dev`), the bundled
 * dist/xlsx-worker.js next to dist/main.js in the built server (build.mjs emits it).
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const source = import.meta.url.endsWith('.ts');
  return {
    filename: new URL(source ? './xlsx-worker.ts' : './xlsx-worker.js', import.meta.url).href,
    execArgv: source ? ['--import', 'tsx'] : [],
  };
}

function thePool(): Piscina<ParseTask, ParseResult> {
  if (pool) return pool;
  pool = new Piscina<ParseTask, ParseResult>({
    ...workerFile(),
    minThreads: 0,
    maxThreads: limits.threads,
    maxQueue: limits.queue,
    idleTimeout: limits.idleTimeoutMs,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      stackSizeMb: 4,
    },
  });
  // A worker that dies outside a task (out of memory while starting) is replaced by the pool; its error is not
  // the process's: without a listener the pool's 'error' event would end the server.
  pool.on('error', () => {});
  return pool;
}

/** Ends the pool's threads (the server's close); the next upload starts a new pool. */
export async function closeXlsxPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}

const busyServer = () =>
  new HttpError(503, XLSX_POOL_MSG.busyServer, undefined, { 'retry-after': String(limits.retryAfterSeconds) });

export type SheetRead = { rows: CellValue[][] } | { rows: null };

/**
 * Checks an uploaded workbook within `caps` and reads its first sheet in the pool: rows of plain values (mode
 * 'values') or of the texts Excel shows (mode 'text'), row 1 first; `rows: null` when the bytes are not an .xlsx
 * workbook. Over a limit: the guard's Spanish 413/422; a worker out of memory 413, out of time 422; a full queue 503.
 */
export async function readWorkbookRows(
  bytes: Buffer,
  mode: ParseTask['mode'],
  caps: SheetCaps = {},
): Promise<SheetRead> {
  // What the zip declares (entries, sizes, ratios) is checked here, in about a millisecond and without inflating
  // anything: a bomb is refused without waiting for, or waking, a worker.
  if (!(await checkWorkbook(bytes, caps, { directoryOnly: true }))) return { rows: null };
  return runInPool(bytes, mode, caps);
}

/**
 * Reads delimited text (CSV, tab-separated) in the pool, as `readWorkbookRows` reads a workbook: its rows of texts
 * (row 1 first), `rows: null` when the bytes are not text, the caps' Spanish refusal over a limit.
 */
export async function readDelimitedRows(bytes: Buffer, caps: SheetCaps = {}): Promise<SheetRead> {
  return runInPool(bytes, 'delimited', caps);
}

async function runInPool(bytes: Buffer, mode: ParseTask['mode'], caps: SheetCaps): Promise<SheetRead> {
  const workers = thePool();
  if (workers.queueSize >= limits.queue) throw busyServer();
  let result: ParseResult;
  try {
    // A copy is moved to the worker (not cloned again): the upload's buffer may be a slice of a larger pooled one,
    // and the caller may still read it.
    const copy = new Uint8Array(bytes);
    result = await workers.run(
      { bytes: copy, mode, caps },
      { transferList: [copy.buffer], signal: AbortSignal.timeout(limits.timeoutMs * (1 + workers.queueSize)) },
    );
  } catch (error) {
    throw workerError(error);
  }
  if (result.kind === 'refused') throw new HttpError(result.status, result.message, result.errors);
  return result.kind === 'rows' ? { rows: result.rows } : { rows: null };
}

function workerError(error: unknown): HttpError {
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new HttpError(413, XLSX_POOL_MSG.outOfMemory);
  if (name === 'AbortError' || name === 'TimeoutError') return fieldTooSlow();
  if (message?.includes('queue is at limit')) return busyServer();
  // A worker that died any other way (a crash of exceljs): the file could not be read.
  return fieldRefusal(XLSX_POOL_MSG.unreadable);
}

const fieldRefusal = (message: string) => new HttpError(422, message, { file: [message] });
const fieldTooSlow = () => fieldRefusal(XLSX_POOL_MSG.tooSlow);

const inFlight = new Set<number>();

/**
 * Runs one user's upload, one at a time per user: a second upload while the first is processed is refused with 429
 * (Spanish) instead of queueing behind it.
 */
export async function oneUploadPerUser<T>(userId: number, work: () => Promise<T>): Promise<T> {
  if (inFlight.has(userId)) throw new HttpError(429, XLSX_POOL_MSG.busyUser, undefined, { 'retry-after': String(5) });
  inFlight.add(userId);
  try {
    return await work();
  } finally {
    inFlight.delete(userId);
  }
}
