import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app.js';
import { openScaleDatabase, benchGeneration } from './scale-database.js';

const USAGE = `npm run bench:compression -- --database-url URL [--runs N]

Fetches the division report of a whole generation (GET /api/reportes/flex, all subjects) from a database filled by
\`npm run seed:scale\`, then times each candidate algorithm and level on that JSON: median of N runs (default 7) after
one warm-up, in ms and in ms per MB of input, and the compressed size. Nothing is written.`;

interface Candidate {
  name: string;
  run: (b: Buffer) => Buffer;
}

const candidates: Candidate[] = [
  ...[1, 3, 4, 6, 9].map((level) => ({ name: `gzip ${level}`, run: (b: Buffer) => gzipSync(b, { level }) })),
  { name: 'deflate 1', run: (b: Buffer) => deflateSync(b, { level: 1 }) },
  ...[1, 3, 4, 5, 6, 11].map((q) => ({
    name: `brotli ${q}`,
    run: (b: Buffer) =>
      brotliCompressSync(b, {
        params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
      }),
  })),
];

async function main() {
  const bench = openScaleDatabase(USAGE, 7);
  if (!bench) return;
  const { database, runs } = bench;
  const app = await buildApp({ database });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@demo.edu.mx', password: 'admin1234' },
    });
    const token = login.json<{ token: string }>().token;
    const generation_id = await benchGeneration(database.db);
    const res = await app.inject({
      method: 'GET',
      url: `/api/reportes/flex?generation_id=${generation_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`report answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    const body = res.rawPayload;
    const mb = body.length / 1e6;
    console.log(
      `Division report of generation ${generation_id}: ${res.json<unknown[]>().length} records, ${(body.length / 1024).toFixed(0)} KB of JSON; ${runs} runs after 1 warm-up`,
    );
    console.log('| Algorithm and level | compressed KB | ratio | median ms | ms per MB |');
    console.log('|---|---|---|---|---|');
    for (const c of candidates) {
      let out = c.run(body);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        out = c.run(body);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      console.log(
        `| ${c.name} | ${(out.length / 1024).toFixed(0)} | ${(body.length / out.length).toFixed(1)} | ${median.toFixed(1)} | ${(median / mb).toFixed(1)} |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
