import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

/** The JavaScript the /app/login route loads must stay within this many gzipped bytes. */
export const LOGIN_JS_MAX_GZIP = 150 * 1024;

const ROOT = resolve(import.meta.dirname, '..');
const BASE = '/app/';
const LOGIN_SOURCE = 'src/features/auth/pages/LoginPage.tsx';

export interface LoginSizeOptions {
  /** An existing build to read; when absent, the web app is built into a temporary folder. */
  dist: string | null;
  log(line: string): void;
}

export interface SizedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface LoginSizeResult {
  dist: string;
  files: SizedFile[];
  totalBytes: number;
  totalGzipBytes: number;
  /** How the file list was found; when the build has a manifest, both ways are computed and must agree. */
  method: 'chunks' | 'chunks = manifest';
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Module specifiers of a chunk's static imports and re-exports (what the browser fetches before running it). */
export function staticImportsOf(code: string): string[] {
  const source = ts.createSourceFile('chunk.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Module specifiers of a chunk's `import('...')` calls with a literal argument. */
export function dynamicImportsOf(code: string): string[] {
  const source = ts.createSourceFile('chunk.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Entry scripts of the built index.html, as paths inside dist. */
function entryScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (!/\btype=["']module["']/.test(tag)) continue;
    const src = /\bsrc=["']([^"']+)["']/.exec(tag)?.[1];
    if (src) entries.push(fromUrl(src));
  }
  if (entries.length === 0) throw new Error(`${join(dist, 'index.html')} has no module script`);
  return entries;
}

function fromUrl(url: string): string {
  if (!url.startsWith(BASE)) throw new Error(`unexpected asset URL outside ${BASE}: ${url}`);
  return url.slice(BASE.length);
}

/** A chunk and, recursively, every chunk it statically imports (paths inside dist). */
function staticClosure(dist: string, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImportsOf(readFileSync(join(dist, file), 'utf8'))) {
      if (!spec.startsWith('.') && !spec.startsWith('/')) throw new Error(`${file} imports a bare specifier: ${spec}`);
      queue.push(spec.startsWith('/') ? fromUrl(spec) : posix.normalize(posix.join(posix.dirname(file), spec)));
    }
  }
  return seen;
}

/** From the built files alone: the entry's static graph, the lazy LoginPage chunk it imports, and that chunk's graph. */
function loginFilesFromChunks(dist: string): Set<string> {
  const entryGraph = staticClosure(dist, entryScripts(dist));
  const loginChunks = new Set<string>();
  for (const file of entryGraph) {
    for (const spec of dynamicImportsOf(readFileSync(join(dist, file), 'utf8'))) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec));
      if (/^LoginPage-[\w-]+\.js$/.test(posix.basename(target))) loginChunks.add(target);
    }
  }
  if (loginChunks.size !== 1) {
    throw new Error(`expected one lazy LoginPage chunk imported by the entry, found ${loginChunks.size}`);
  }
  return new Set([...entryGraph, ...staticClosure(dist, [...loginChunks])]);
}

/** From Vite's manifest, when the build wrote one: the same walk over `imports`. */
function loginFilesFromManifest(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  const entries = Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .map(([key]) => key);
  if (entries.length === 0) throw new Error('manifest has no entry');
  entries.forEach(walk);
  const login = Object.keys(manifest).find((key) => key.endsWith(LOGIN_SOURCE));
  if (!login) throw new Error(`manifest has no ${LOGIN_SOURCE}`);
  walk(login);
  return files;
}

/** Builds the web app into a temporary folder, so a build in progress never empties the dist others serve. */
function buildWeb(log: (line: string) => void): { dist: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'egreso-bench-web-'));
  const dist = join(dir, 'dist');
  log('login-size: building the web app (npm run build -w @egreso/web)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // --manifest only adds .vite/manifest.json to this throwaway build; it lets both computations check each other.
  const run = spawnSync(
    npm,
    ['run', 'build', '-w', '@egreso/web', '--', '--outDir', dist, '--emptyOutDir', '--manifest'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`web build failed:\n${run.stdout}\n${run.stderr}`);
  }
  return { dist, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function measureLoginSize(options: LoginSizeOptions): LoginSizeResult {
  const built = options.dist ? null : buildWeb(options.log);
  const dist = options.dist ? resolve(options.dist) : built!.dist;
  try {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html; build the web app first`);
    const fromChunks = loginFilesFromChunks(dist);
    let method: LoginSizeResult['method'] = 'chunks';
    const manifestPath = join(dist, '.vite', 'manifest.json');
    if (existsSync(manifestPath)) {
      const fromManifest = loginFilesFromManifest(
        JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>,
      );
      const same = fromManifest.size === fromChunks.size && [...fromManifest].every((f) => fromChunks.has(f));
      if (!same) {
        throw new Error(
          `chunk walk and manifest disagree:\n  chunks:   ${[...fromChunks].sort().join(', ')}\n  manifest: ${[...fromManifest].sort().join(', ')}`,
        );
      }
      method = 'chunks = manifest';
    }
    const files = [...fromChunks]
      .filter((f) => f.endsWith('.js'))
      .sort()
      .map((file) => {
        const content = readFileSync(join(dist, file));
        return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
      });
    return {
      dist: built ? '(temporary build)' : relative(ROOT, dist) || dist,
      files,
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      method,
    };
  } finally {
    built?.cleanup();
  }
}
