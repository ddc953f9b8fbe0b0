import { readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, launchBrowser, makeContext, startServer, type Flow } from './harness.js';

/**
 * Runs every flow in e2e/flows against the built server on a new demo database, in headless Chromium: up to
 * E2E_WORKERS flows at a time (default 3; 1 runs them one after another), each in its own browser contexts. Flows
 * marked `alone` run after the others, one at a time with nothing beside them; flows sharing a `lock` never overlap
 * (see Flow in harness.ts).
 */
async function main() {
  // Optional: run only the flows whose name or file contains one of these comma-separated words.
  const filters = process.argv[2]?.split(',').filter(Boolean) ?? [];
  const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(3, availableParallelism() + 1)));
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
  const started = Date.now();
  const server = await startServer(Number(process.env.E2E_PORT ?? 3457), process.env.E2E_DATABASE_URL);
  const browser = await launchBrowser();
  const ctx = makeContext(browser, server.baseUrl, server.databaseUrl);
  let passed = 0;
  let failed = 0;
  const failedOnce: Flow[] = [];
  const runFlow = async (flow: Flow, retry = false) => {
    const began = Date.now();
    try {
      await flow.run(ctx);
      passed++;
      console.log(`  ✓ ${flow.name} (${Date.now() - began} ms)${retry ? ', on its second try' : ''}`);
    } catch (err) {
      const stack = (err as Error).stack ?? String(err);
      if (retry) {
        failed++;
        console.log(`  ✗ ${flow.name}\n    ${stack}`);
      } else {
        failedOnce.push(flow);
        console.log(`  ! ${flow.name} failed on its first try; it runs again, alone, at the end\n    ${stack}`);
      }
    }
  };
  try {
    await runSideBySide(
      flows.filter((f) => !f.alone),
      workers,
      runFlow,
    );
    for (const flow of flows.filter((f) => f.alone)) await runFlow(flow);
    // A flow that failed beside others gets one more try with nothing beside it: a loaded machine can starve a
    // browser past a wait, while a broken screen fails both times. Its first failure stays in the log above.
    for (const flow of failedOnce) await runFlow(flow, true);
  } finally {
    await browser.close();
    await server.stop();
  }
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\ne2e: ${passed} passed, ${failed} failed (${failedOnce.length} needed a second try) in ${((Date.now() - started) / 1000).toFixed(0)} s ` +
      `(${workers} at a time, load average ${load})`,
  );
  process.exit(failed > 0 ? 1 : 0);
}

/**
 * Runs the flows with at most `workers` at once, in their order, except that a flow waits while another holding
 * its lock runs (the next free flow goes first).
 */
async function runSideBySide(flows: Flow[], workers: number, run: (flow: Flow) => Promise<void>): Promise<void> {
  const waiting = [...flows];
  const held = new Set<string>();
  const sleepers: Array<() => void> = [];
  const worker = async () => {
    for (;;) {
      const i = waiting.findIndex((f) => !f.lock || !held.has(f.lock));
      if (i < 0) {
        if (waiting.length === 0) return;
        // Every waiting flow's lock is held: wait for a flow to end.
        await new Promise<void>((r) => sleepers.push(r));
        continue;
      }
      const [flow] = waiting.splice(i, 1) as [Flow];
      if (flow.lock) held.add(flow.lock);
      try {
        await run(flow);
      } finally {
        if (flow.lock) held.delete(flow.lock);
        for (const wake of sleepers.splice(0)) wake();
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
