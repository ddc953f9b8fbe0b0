import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { honest, repeatedDeflate, sheetXml, workbookWithSheet, writeZip } from '../apps/server/src/test/zip-bombs.js';
import { HOSTILE_TEXTS, LOGIN_BOMB, deepArray, deepObject } from '../apps/server/src/test/hostile-inputs.js';
import { login, rssMiB, startBuiltServer } from './built-server.js';

const USAGE = `npm run bench:hostile -- [options]

Starts the built server (apps/server/dist, built first when missing) on a fresh demo database and sends it about
10,000 hostile requests: 300 KB strings of backtracking shapes in every body field of every route (read from the
OpenAPI document), deep nesting, 8 KB strings in every query and path parameter, malformed multipart forms and
spreadsheet bombs to every upload route, while /api/health is asked every 100 ms. Reports the answers by status, the
5xx count, the slowest answer, the login bomb, the health checks and the server's memory (RSS).

options:
  --requests N      hostile requests to send (default 10000)
  --concurrency N   requests in flight (default 4)
  --port N          port of the server (default 3480)`;

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string' },
    concurrency: { type: 'string' },
    port: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const TOTAL = Number(args.requests ?? 10_000);
const CONCURRENCY = Number(args.concurrency ?? 4);
const PORT = Number(args.port ?? 3480);
const BASE = `http://127.0.0.1:${PORT}`;

// ---------- the hostile inputs ----------

const NESTED: Record<string, string> = {
  'object 10,000 deep': deepObject(10_000),
  'array 100,000 deep': deepArray(100_000),
  'array 500,000 deep (1 MB)': deepArray(500_000),
  '5,000 empty objects': `[${Array(5000).fill('{}').join(',')}]`,
};

interface HostileRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Operation {
  method: string;
  path: string;
  fields: string[];
  query: string[];
  params: string[];
  upload: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        fields: Object.keys(content['application/json']?.schema?.properties ?? {}),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        upload: 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}

const B = 'limite';
const form = (body: string | Buffer, contentType = `multipart/form-data; boundary=${B}`) => ({
  body,
  headers: { 'content-type': contentType },
});
const part = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="bomba.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${B}--\r\n`),
  ]);

async function bombs(): Promise<Record<string, Buffer>> {
  const ROW = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const [head, tail] = (await sheetXml(() => '<sheetData>\u0000</sheetData>')).split('\u0000') as [string, string];
  const big = repeatedDeflate(head, ROW.repeat(Math.floor((1024 * 1024) / ROW.length)), 300, tail);
  const zeros = repeatedDeflate('<worksheet>', ' '.repeat(1024 * 1024), 48, '</worksheet>');
  const withSheet = async (inside: (data: string) => string) => {
    const xml = await sheetXml(inside);
    return workbookWithSheet({ deflated: honest('x', xml).deflated, declaredSize: Buffer.byteLength(xml) });
  };
  return {
    'bomb: 300 MB sheet, declared': await workbookWithSheet({ deflated: big.deflated, declaredSize: big.size }),
    'bomb: 300 MB sheet declaring 10 KB': await workbookWithSheet({ deflated: big.deflated, declaredSize: 10_000 }),
    'bomb: 48 MB of spaces': await workbookWithSheet({ deflated: zeros.deflated, declaredSize: zeros.size }),
    'bomb: 1,500 entries': writeZip(Array.from({ length: 1500 }, (_, i) => honest(`x/${i}.xml`, '<a/>'))),
    'bomb: merged over the whole sheet': await withSheet(
      (d) => `${d}<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>`,
    ),
    'bomb: validation over 9 million cells': await withSheet(
      (d) =>
        `${d}<dataValidations count="1"><dataValidation type="list" sqref="A2:ALL9000"><formula1>"a,b"</formula1></dataValidation></dataValidations>`,
    ),
    'bomb: column to 2,000,000,000': await withSheet(
      (d) => `<cols><col min="1" max="2000000000" width="9"/></cols>${d}`,
    ),
  };
}

function requestsOf(
  ops: Operation[],
  bombFiles: Record<string, Buffer>,
  uploadFields: (path: string) => string,
): HostileRequest[] {
  const list: HostileRequest[] = [];
  const json = { 'content-type': 'application/json' };
  const fill = (path: string, value = '1') => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
  for (const op of ops) {
    for (const field of op.fields) {
      for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
        list.push({
          label: `${op.method} ${op.path} ${field} = ${name}`,
          method: op.method,
          path: fill(op.path),
          headers: json,
          body: JSON.stringify({ [field]: text }),
        });
      }
      for (const [name, raw] of Object.entries(NESTED)) {
        list.push({
          label: `${op.method} ${op.path} ${field} = ${name}`,
          method: op.method,
          path: fill(op.path),
          headers: json,
          body: `{${JSON.stringify(field)}:${raw}}`,
        });
      }
    }
    if (op.fields.length > 0) {
      for (const [name, raw] of Object.entries(NESTED)) {
        list.push({
          label: `${op.method} ${op.path} body = ${name}`,
          method: op.method,
          path: fill(op.path),
          headers: json,
          body: raw,
        });
      }
    }
    for (const key of op.query) {
      for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
        list.push({
          label: `${op.method} ${op.path} ?${key} = ${name}`,
          method: op.method,
          path: `${fill(op.path)}?${key}=${encodeURIComponent(text.slice(0, 2000))}`,
          headers: {},
        });
      }
    }
    if (op.params.length > 0) {
      for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
        list.push({
          label: `${op.method} ${op.path} path = ${name}`,
          method: op.method,
          path: fill(op.path, text.slice(0, 2000)),
          headers: {},
        });
      }
    }
    if (op.upload) {
      const cases: Record<string, { body: string | Buffer; headers: Record<string, string> }> = {
        'no boundary': form('basura', 'multipart/form-data'),
        'junk body': form('esto no es un formulario'),
        'part cut short': form(
          `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004abc`,
        ),
        'bad part header': form(`--${B}\r\nbasura\r\n\r\nabc\r\n--${B}--\r\n`),
        '2,000 parts': form(`${Array.from({ length: 2000 }, (_, i) => part(`f${i}`, 'v')).join('')}--${B}--\r\n`),
        '2 MB field': form(`${part('group_id', '9'.repeat(2_000_000))}--${B}--\r\n`),
        '6 MB request': form(Buffer.alloc(6 * 1024 * 1024, 0x61)),
      };
      for (const [name, file] of Object.entries(bombFiles))
        cases[name] = form(Buffer.concat([Buffer.from(uploadFields(op.path)), filePart(file)]));
      for (const [name, c] of Object.entries(cases)) {
        list.push({
          label: `${op.method} ${op.path} ${name}`,
          method: op.method,
          path: fill(op.path),
          headers: c.headers,
          body: c.body,
        });
      }
    }
  }
  return list;
}

// ---------- the server ----------

/** CPU seconds the process has used (user + system), from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Answer {
  label: string;
  status: number;
  ms: number;
  error?: string;
}

async function send(req: HostileRequest, token: string): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${BASE}${req.path}`, {
      method: req.method,
      headers: { ...req.headers, authorization: `Bearer ${token}` },
      body: req.body as BodyInit | undefined,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return { label: req.label, status: res.status, ms: performance.now() - started };
  } catch (err) {
    return { label: req.label, status: 0, ms: performance.now() - started, error: (err as Error).message };
  }
}

async function main() {
  const server = await startBuiltServer({ port: PORT, name: 'hostile' });
  const pid = server.pid;
  try {
    const admin = await login(BASE, 'admin@demo.edu.mx', 'admin1234');
    const teacher = await login(BASE, 'laura.mendoza@demo.edu.mx', 'profe1234');
    const doc = (await (await fetch(`${BASE}/api/docs/json`)).json()) as OpenApi;
    const ops = operationsOf(doc);
    const subjects = (await (
      await fetch(`${BASE}/api/professorsubjects?current=1`, { headers: { authorization: `Bearer ${teacher}` } })
    ).json()) as Array<{ subject_id: number; group_id: number }>;
    const own = subjects[0];
    const uploadFields = (path: string) =>
      path === '/api/ratings/import' && own
        ? part('group_id', String(own.group_id)) + part('subject_id', String(own.subject_id))
        : '';
    const teacherOnly = new Set([
      '/api/profesor/calificar/actividades/batch',
      '/api/activities/bulk-upsert',
      '/api/userattribute-observations/batch',
      '/api/ratings/import',
    ]);
    const base = requestsOf(ops, await bombs(), uploadFields);
    const plan = Array.from({ length: TOTAL }, (_, i) => base[i % base.length]!);

    const rssBefore = rssMiB(pid);
    const cpuBefore = cpuSeconds(pid);
    let rssPeak = rssBefore;
    const health: number[] = [];
    let healthFailures = 0;
    let running = true;
    const healthLoop = (async () => {
      while (running) {
        const started = performance.now();
        try {
          const res = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (!res.ok) healthFailures++;
        } catch {
          healthFailures++;
        }
        health.push(performance.now() - started);
        rssPeak = Math.max(rssPeak, rssMiB(pid));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const loginBomb = await send(
      {
        label: 'login bomb',
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: LOGIN_BOMB, password: 'x' }),
      },
      '',
    );
    const started = performance.now();
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < plan.length) {
          const req = plan[next++]!;
          const token = teacherOnly.has(req.path.split('?')[0]!) ? teacher : admin;
          answers.push(await send(req, token));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await healthLoop;
    const rssAfter = rssMiB(pid);
    const cpuUsed = cpuSeconds(pid) - cpuBefore;

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const sorted = [...answers].sort((a, b) => b.ms - a.ms);
    const q = (arr: number[], p: number) =>
      [...arr].sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor(arr.length * p))] ?? 0;
    const fiveXX = answers.filter((a) => a.status >= 500);
    const failed = answers.filter((a) => a.status === 0);
    console.log(
      `hostile requests: ${answers.length} in ${seconds.toFixed(1)} s (${CONCURRENCY} in flight, ${base.length} distinct)`,
    );
    console.log(
      `answers by status: ${[...byStatus]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    console.log(
      `5xx: ${fiveXX.length}${fiveXX.length ? ` (${[...new Set(fiveXX.map((a) => a.label))].slice(0, 10).join('; ')})` : ''}`,
    );
    console.log(
      `no answer: ${failed.length}${
        failed.length
          ? ` (${failed
              .slice(0, 5)
              .map((a) => `${a.label}: ${a.error}`)
              .join('; ')})`
          : ''
      }`,
    );
    console.log(
      `latency: p50 ${q(
        answers.map((a) => a.ms),
        0.5,
      ).toFixed(1)} ms, p99 ${q(
        answers.map((a) => a.ms),
        0.99,
      ).toFixed(1)} ms, slowest ${sorted[0]?.ms.toFixed(1)} ms (${sorted[0]?.label})`,
    );
    console.log(
      `slowest five: ${sorted
        .slice(0, 5)
        .map((a) => `${a.ms.toFixed(0)} ms ${a.label} → ${a.status}`)
        .join('; ')}`,
    );
    console.log(
      `server CPU: ${cpuUsed.toFixed(1)} s for ${answers.length + health.length} requests, ${((cpuUsed * 1000) / answers.length).toFixed(2)} ms per hostile request on average`,
    );
    console.log(`login bomb (300 KB e-mail): ${loginBomb.status} in ${loginBomb.ms.toFixed(1)} ms`);
    console.log(
      `/api/health: ${health.length} checks, ${healthFailures} failed, p50 ${q(health, 0.5).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`,
    );
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MiB before, ${rssPeak.toFixed(0)} MiB peak, ${rssAfter.toFixed(0)} MiB after`,
    );
    const ok = fiveXX.length === 0 && failed.length === 0 && (sorted[0]?.ms ?? 0) < 2000 && healthFailures === 0;
    console.log(ok ? 'ok: no 5xx, none slower than 2 s, health answered throughout' : 'MISSED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

await main();
