import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

// Bundles the server and the shared domain package; npm dependencies stay external.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@egreso/'));

await build({
  // The server, the operator's command (npm run admin), and the spreadsheet pool's worker (lib/xlsx-pool.ts finds it
  // next to main.js).
  entryPoints: { main: 'src/main.ts', admin: 'src/admin.ts', 'xlsx-worker': 'src/lib/xlsx-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
