/**
 * The self-tests as plain JavaScript (`npm test`, selftest/run.ts): every test file and what it imports, bundled
 * by esbuild into tmp/selftest-bundle/<key>/ (code splitting: the harness modules the files share sit in common
 * chunks; dependencies stay imports of the installed packages). A test file then starts without a TypeScript
 * loader: tsx resolves and transforms each of some two hundred modules on a loader thread, about 0.8 CPU-s per
 * file, some 80 CPU-s over `npm test` (README, "Figures"). The bundle is the sources: repo-path.ts, told so by
 * EMS_SELFTEST_BUNDLE, hands on the sources' paths (a run started by a test runs from the TypeScript as before).
 *
 * The key is a hash of the path, size and modification time of every file the bundle is built from, so an
 * edit gives a new bundle; a build is written apart and renamed into place; the newest few are kept.
 * EMS_SELFTEST_SOURCES=1 runs the TypeScript files through tsx instead (stack traces name source lines).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/** What a test file can import: the project's code folders (node_modules aside). */
const SOURCES = ['selftest', 'bin', 'checks', 'drivers', 'generators', 'harness', 'mock', 'suites', 'playwright.config.ts', 'tsconfig.json', 'package.json'];
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs|json)$/;
const KEEP = 3;
/** A partial bundle this old belongs to no build still running (a build takes a second or two). */
const ABANDONED_MS = 10 * 60_000;

/** The bundled file of each test file (same relative path under the bundle, .mjs), built if need be. */
export async function selftestBundle(root: string, files: readonly string[]): Promise<Map<string, string>> {
  const bundles = join(root, 'tmp', 'selftest-bundle');
  const key = sourceKey(root, files);
  const dir = join(bundles, key);
  const bundled = new Map(files.map((file) => [file, join(dir, file.replace(/\.ts$/, '.mjs'))]));
  if ([...bundled.values()].every((file) => existsSync(file))) return bundled;
  mkdirSync(bundles, { recursive: true });
  const partial = `${dir}.partial-${process.pid}`;
  try {
    await build({
      absWorkingDir: root,
      entryPoints: [...files],
      outdir: partial,
      outbase: '.',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      chunkNames: 'chunks/[name]-[hash]',
      logLevel: 'error',
      define: { EMS_SELFTEST_BUNDLE: 'true' },
    });
    try {
      renameSync(partial, dir);
    } catch (error) {
      // Another `npm test` built the same sources first (its bundle is this one): keep it, it may be running.
      if (!existsSync(dir)) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  prune(bundles, key);
  return bundled;
}

/** A hash of the test files chosen and of every source file's path, size and modification time. */
function sourceKey(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(files.join('\n'));
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') visit(join(path, name));
    } else if (SOURCE_FILE.test(path)) {
      hash.update(`${relative(root, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const source of SOURCES) visit(join(root, source));
  return hash.digest('hex').slice(0, 16);
}

/** Removes all but the KEEP newest bundles (never the current one), and what a build that was killed left behind. */
function prune(bundles: string, current: string): void {
  const byAge = readdirSync(bundles)
    .map((name) => ({ name, mtime: statSync(join(bundles, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.mtime - a.mtime);
  const built = byAge.filter(({ name }) => !name.includes('.partial-'));
  const abandoned = byAge.filter(({ name, mtime }) => name.includes('.partial-') && Date.now() - mtime > ABANDONED_MS);
  for (const { name } of [...built.slice(KEEP), ...abandoned]) if (name !== current) rmSync(join(bundles, name), { recursive: true, force: true });
}
