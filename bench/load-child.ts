import autocannon from 'autocannon';

/** What the parent asks of this load generator. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** What it answers: 'measuring' when the measured run starts, then the result (or an error). */
export type LoadMessage =
  | { type: 'measuring' }
  | {
      type: 'result';
      requests: number;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      p50: number;
      p99: number;
    }
  | { type: 'error'; message: string };

function send(message: LoadMessage): Promise<void> {
  return new Promise((resolve, reject) =>
    process.send!(message, (err: Error | null) => (err ? reject(err) : resolve())),
  );
}

async function run(request: LoadRequest): Promise<void> {
  const base = { url: request.url, headers: request.headers, connections: request.connections };
  if (request.warmupSeconds > 0) await autocannon({ ...base, duration: request.warmupSeconds });
  await send({ type: 'measuring' });
  const r = await autocannon({ ...base, duration: request.durationSeconds });
  await send({
    type: 'result',
    requests: r.requests.total,
    duration: r.duration,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
  });
}

process.once('message', (request: LoadRequest) => {
  run(request).then(
    () => process.disconnect(),
    async (err: unknown) => {
      await send({ type: 'error', message: String(err) });
      process.disconnect();
    },
  );
});
