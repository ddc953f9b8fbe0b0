import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, startServer } from '../e2e/harness.js';

const USAGE = `npm run bench:report-page -- --database-url URL [--port N] [--runs N]

The division report page ('Reportes avanzados', /app/Report) in headless Chromium over an emulated campus link
(10 Mbit/s down and up, 40 ms latency, Chrome DevTools' Network.emulateNetworkConditions), on a database filled by
\`npm run seed:scale\` (the built server, \`npm run build\`, runs on it; it is only read, plus the login's session).
For the generation with the most records, as the demo's division chief:
  - the page: the time from the click on 'Consultar' to the band table shown, for the subject of that generation
    with the most records (the page asks for one subject; a whole generation goes to 'Exportar Excel');
  - the whole generation's answer (GET /api/reportes/flex, all subjects) fetched from the page until parsed.
Each is measured with the API's answers uncompressed (the request carries 'x-no-compression', as before compression)
and compressed, alternating, in a new browser context each run (nothing cached); the median of --runs (default 3).`;

const LINK = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };
const CHIEF = { email: 'jefe.sistemas@demo.edu.mx', password: 'jefe1234' };

interface Sample {
  click: number;
  whole: number;
  wholeBytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return res.json();
  }, path) as Promise<T>;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      port: { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values['database-url']) {
    console.log(USAGE);
    return;
  }
  const runs = Number(values.runs ?? 3);
  const server = await startServer(Number(values.port ?? 3464), values['database-url']);
  const browser = await launchBrowser();
  try {
    const samples: Record<'uncompressed' | 'compressed', Sample[]> = { uncompressed: [], compressed: [] };
    // The generation with the most records, and its subject with the most records.
    const setup = await browser.newContext({ baseURL: server.baseUrl });
    const first = await setup.newPage();
    await loginAs(first, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
    const generations = await api<Array<{ id: number; generation_name: string }>>(first, '/generations');
    const subjects = await api<Array<{ id: number; subject_key: string; subject_name: string }>>(first, '/subjects');
    let generation = generations[0]!;
    let whole: Array<{ subject_id: number }> = [];
    for (const g of generations) {
      const records = await api<Array<{ subject_id: number }>>(first, `/reportes/flex?generation_id=${g.id}`);
      if (records.length > whole.length) [generation, whole] = [g, records];
    }
    await setup.close();
    const counts = new Map<number, number>();
    for (const r of whole) counts.set(r.subject_id, (counts.get(r.subject_id) ?? 0) + 1);
    const [subjectId, subjectRecords] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const subject = subjects.find((s) => s.id === subjectId)!;
    console.log(
      `Generation ${generation.generation_name}: ${whole.length} records in all; subject ${subject.subject_key} has ${subjectRecords}.`,
    );

    for (let run = 0; run < runs; run++) {
      for (const mode of ['uncompressed', 'compressed'] as const) {
        const context = await browser.newContext({
          baseURL: server.baseUrl,
          viewport: { width: 1366, height: 900 },
          locale: 'es-MX',
        });
        if (mode === 'uncompressed') await context.setExtraHTTPHeaders({ 'x-no-compression': '1' });
        const page = await context.newPage();
        await loginAs(page, CHIEF.email, CHIEF.password, '/DivisionChiefDashboard');
        await page.goto('/app/Report');
        await page.getByRole('heading', { name: 'Reportes avanzados' }).waitFor();
        await page.getByRole('textbox', { name: 'Generación', exact: true }).click();
        await page.getByRole('option', { name: generation.generation_name, exact: true }).click();
        await page.getByRole('textbox', { name: 'Materia', exact: true }).fill(subject.subject_key);
        await page
          .getByRole('option', { name: `${subject.subject_key} · ${subject.subject_name}`, exact: true })
          .click();

        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', LINK);
        const t0 = performance.now();
        await page.getByRole('button', { name: 'Consultar' }).click();
        await page.getByRole('table', { name: 'Registros por banda de cada atributo' }).waitFor();
        const click = performance.now() - t0;
        const fetched = await page.evaluate(async (id) => {
          const start = performance.now();
          const res = await fetch(`/api/reportes/flex?generation_id=${id}`, {
            headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
          });
          const records = (await res.json()) as unknown[];
          const entry = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes(`generation_id=${id}`))
            .pop() as PerformanceResourceTiming | undefined;
          return { ms: performance.now() - start, records: records.length, bytes: entry?.encodedBodySize ?? 0 };
        }, generation.id);
        samples[mode].push({ click, whole: fetched.ms, wholeBytes: fetched.bytes });
        console.log(
          `run ${run + 1} ${mode}: click → table ${click.toFixed(0)} ms; whole generation ${fetched.ms.toFixed(0)} ms (${(fetched.bytes / 1024).toFixed(0)} KB on the wire)`,
        );
        await context.close();
      }
    }
    console.log(
      '\n| API answers | click → table (one subject), median ms | whole generation fetched and parsed, median ms | whole generation on the wire |',
    );
    console.log('|---|---|---|---|');
    for (const mode of ['uncompressed', 'compressed'] as const) {
      const s = samples[mode];
      console.log(
        `| ${mode} | ${median(s.map((x) => x.click)).toFixed(0)} | ${median(s.map((x) => x.whole)).toFixed(0)} | ${(median(s.map((x) => x.wholeBytes)) / 1024).toFixed(0)} KB |`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
