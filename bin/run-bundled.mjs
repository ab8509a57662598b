/**
 * `npm run conformance` (and the bench's timed runs): the CLI from a bundle of the sources, as the package runs it;
 * `--print-dir` prints the bundle's folder instead (`npm run selfcheck` runs the fault matrix from it).
 *
 * From the TypeScript sources a run pays, in every process (the command, Playwright's runner, each worker), for
 * tsx or Playwright's transform and for resolving and loading some two hundred modules one by one; the bundle
 * (bin/build-package.ts, esbuild: a few chunks, plain JavaScript) starts in less (README, "Figures": the fault
 * matrix's groups.search area from the sources and from the bundle).
 *
 * The bundle lives in tmp/bundle/<key>/, where the key is a hash of the path, size and modification time of every
 * source file it is built from: an edit, a new file or a removed one gives a new key, and the first run after it
 * builds (about a second), written apart and renamed into place so that runs started at once never see half a
 * bundle. The newest bundles are kept, the older ones removed. The bundle has no source maps (Playwright would read
 * them in every worker: about 2 CPU-s a run, a fifth of the fault matrix), so a stack names its chunks; for source
 * lines, run the sources: `node --import tsx bin/ems-conformance.ts run`. This file is plain JavaScript so that nothing has to
 * transpile it. A build that fails prints esbuild's errors and exits 4 (the harness itself is broken).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the bundle is built from (bin/build-package.ts's entry points and everything they import). */
const SOURCES = ['bin', 'checks', 'drivers', 'generators', 'harness', 'mock', 'suites', 'playwright.config.ts', 'tsconfig.json'];
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs|json)$/;
const BUNDLES = join(root, 'tmp', 'bundle');
/** Bundles kept: the current one and a few before it, which runs started a moment ago may still be loading. */
const KEEP = 3;
/** A partial bundle this old belongs to no build still running (a build takes seconds). */
const ABANDONED_MS = 10 * 60_000;
/** The harness could not be built: exit code 4, a harness error (bin/lib/run-exit.ts). */
const HARNESS_ERROR = 4;

const bundle = currentBundle();
// `--print-dir`: only the bundle's folder, built if need be (the fault matrix runs its Playwright configuration from it).
if (process.argv[2] === '--print-dir') console.log(bundle);
else await import(pathToFileURL(join(bundle, 'bin', 'ems-conformance.js')).href);

function currentBundle() {
  const key = sourceKey();
  const dir = join(BUNDLES, key);
  if (existsSync(join(dir, 'bin', 'ems-conformance.js'))) return dir;
  mkdirSync(BUNDLES, { recursive: true });
  const partial = `${dir}.partial-${process.pid}`;
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bin', 'build-package.ts'), '--out', relative(root, partial), '--runs-from', relative(root, dir), '--for', 'repository'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    console.error(`run-bundled: the harness could not be built from its sources (bin/build-package.ts exited ${built.status ?? built.signal})`);
    process.exit(HARNESS_ERROR);
  }
  try {
    renameSync(partial, dir);
  } catch {
    // Another run built the same sources first: its bundle is the same.
    rmSync(partial, { recursive: true, force: true });
  }
  prune(key);
  return dir;
}

/** A hash of every source file's path, size and modification time. */
function sourceKey() {
  const hash = createHash('sha256');
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') visit(join(path, name));
    } else if (SOURCE_FILE.test(path)) {
      hash.update(`${relative(root, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const source of SOURCES) visit(join(root, source));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Removes all but the KEEP newest bundles (never the current one), and what a build that was killed left behind;
 * a bundle another process removes first is fine.
 */
function prune(current) {
  let names;
  try {
    names = readdirSync(BUNDLES);
  } catch {
    return;
  }
  const byAge = names
    .map((name) => ({ name, mtime: statSync(join(BUNDLES, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.mtime - a.mtime);
  const bundles = byAge.filter(({ name }) => !name.includes('.partial-'));
  const abandoned = byAge.filter(({ name, mtime }) => name.includes('.partial-') && Date.now() - mtime > ABANDONED_MS);
  for (const { name } of [...bundles.slice(KEEP), ...abandoned]) if (name !== current) rmSync(join(BUNDLES, name), { recursive: true, force: true });
}
