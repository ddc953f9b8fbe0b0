import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, launchBrowser, makeContext, startServer, type Flow } from './harness.js';

/** Runs every flow in e2e/flows against the built server on a new demo database, in headless Chromium. */
async function main() {
  // Optional: run only the flows whose name or file contains one of these comma-separated words.
  const filters = process.argv[2]?.split(',').filter(Boolean) ?? [];
  const dir = join(ROOT, 'e2e', 'flows');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.flow.ts'))
    .sort();
  const flows: Flow[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { flows: Flow[] };
    flows.push(
      ...mod.flows.filter((fl) => !filters.length || filters.some((w) => fl.name.includes(w) || f.includes(w))),
    );
  }
  const server = await startServer(Number(process.env.E2E_PORT ?? 3457), process.env.E2E_DATABASE_URL);
  const browser = await launchBrowser();
  const ctx = makeContext(browser, server.baseUrl, server.databaseUrl);
  let passed = 0;
  let failed = 0;
  try {
    for (const flow of flows) {
      const started = Date.now();
      try {
        await flow.run(ctx);
        passed++;
        console.log(`  ✓ ${flow.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`  ✗ ${flow.name}\n    ${(err as Error).stack ?? String(err)}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\ne2e: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
