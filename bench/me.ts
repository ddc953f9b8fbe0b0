import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { measure, type LoadResult } from './load.js';
import { createMeTargets, startListening, stopListening, type DatabaseKind } from './targets.js';

/** GET /api/me must keep at least this share of the baseline's requests per second. */
export const ME_MIN_RATIO = 0.95;

export interface MeOptions {
  databases: DatabaseKind[];
  rounds: number;
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
  ports: readonly number[];
  pgAdminUrl: string;
  log(line: string): void;
}

export interface MeResult {
  database: DatabaseKind;
  app: LoadResult[];
  baseline: LoadResult[];
  appBest: number;
  baselineBest: number;
  appMedian: number;
  baselineMedian: number;
  /** app best / baseline best: the budget's figure. */
  ratio: number;
  medianRatio: number;
  /** Lowest server CPU time per request of each side (microseconds) and baseline / app: the capacity ratio. */
  appCpu: number;
  baselineCpu: number;
  cpuRatio: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function describe(r: LoadResult): string {
  return `${r.rps.toFixed(0)} req/s, ${r.cpuMicrosPerRequest.toFixed(1)} µs CPU/request (p50 ${r.latencyP50} ms, p99 ${r.latencyP99} ms)`;
}

async function fetchMe(port: number, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

/** One target alone on the port range: listen, warm up, measure, stop listening. */
async function runOne(server: FastifyInstance, token: string, options: MeOptions): Promise<LoadResult> {
  const port = await startListening(server.server, options.ports);
  try {
    return await measure({
      url: `http://127.0.0.1:${port}/api/me`,
      headers: { authorization: `Bearer ${token}` },
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
    });
  } finally {
    await stopListening(server.server);
  }
}

/** Both servers must answer the same 200 body, or the comparison would not be like for like. */
async function checkSameAnswer(app: FastifyInstance, baseline: FastifyInstance, token: string, options: MeOptions) {
  const answers = [];
  for (const server of [app, baseline]) {
    const port = await startListening(server.server, options.ports);
    try {
      answers.push(await fetchMe(port, token));
    } finally {
      await stopListening(server.server);
    }
  }
  const [a, b] = answers;
  if (a?.status !== 200 || b?.status !== 200 || !isDeepStrictEqual(a.body, b.body)) {
    throw new Error(`app and baseline answer differently: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  }
}

export async function benchMe(options: MeOptions): Promise<MeResult[]> {
  const results: MeResult[] = [];
  for (const database of options.databases) {
    options.log(`me/${database}: preparing a fresh database`);
    const targets = await createMeTargets(database, options.pgAdminUrl);
    try {
      await checkSameAnswer(targets.app, targets.baseline, targets.token, options);
      const app: LoadResult[] = [];
      const baseline: LoadResult[] = [];
      // Alternating A, B, A, B spreads any drift of the machine over both sides.
      for (let round = 1; round <= options.rounds; round++) {
        const a = await runOne(targets.app, targets.token, options);
        app.push(a);
        options.log(`me/${database} round ${round}: app      ${describe(a)}`);
        const b = await runOne(targets.baseline, targets.token, options);
        baseline.push(b);
        options.log(`me/${database} round ${round}: baseline ${describe(b)}`);
      }
      const appBest = Math.max(...app.map((r) => r.rps));
      const baselineBest = Math.max(...baseline.map((r) => r.rps));
      const appMedian = median(app.map((r) => r.rps));
      const baselineMedian = median(baseline.map((r) => r.rps));
      const appCpu = Math.min(...app.map((r) => r.cpuMicrosPerRequest));
      const baselineCpu = Math.min(...baseline.map((r) => r.cpuMicrosPerRequest));
      results.push({
        database,
        app,
        baseline,
        appBest,
        baselineBest,
        appMedian,
        baselineMedian,
        ratio: appBest / baselineBest,
        medianRatio: appMedian / baselineMedian,
        appCpu,
        baselineCpu,
        cpuRatio: baselineCpu / appCpu,
      });
    } finally {
      await targets.close();
    }
  }
  return results;
}
