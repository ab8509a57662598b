/**
 * `npm run build`: the package's JavaScript, build/, from the TypeScript sources (npm pack runs it first).
 *
 * One esbuild pass over every entry point Node or Playwright loads by path: the CLI, the Playwright
 * configuration, the suites, the global setup, the conformance reporter and the mock's target provider.
 * Code splitting puts what they share in common chunks, so a worker that loads several suites still
 * holds one instance of each harness module (as it does from the sources). Dependencies stay imports of
 * the installed packages (one @playwright/test for the runner and the suites).
 *
 * `--out DIR --runs-from DIR --for repository` (bin/run-bundled.mjs): the same bundle for the repository's own
 * `npm run conformance`, written to one folder and run from another (both under the repository root); it names
 * its commands as the npm scripts do, not as `npx ems-conformance`.
 */
import { readdirSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { repoPath } from '../harness/contract';

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'build' }, 'runs-from': { type: 'string' }, for: { type: 'string', default: 'package' } },
});
if (values.for !== 'package' && values.for !== 'repository') throw new Error(`--for ${values.for}: package or repository`);
const OUT_DIR = repoPath(values.out);
/** Where the bundle runs from, relative to the package root (repo-path.ts reads it as EMS_BUILD_DIR). */
const RUNS_FROM = relative(repoPath(), repoPath(values['runs-from'] ?? values.out));

const entryPoints = [
  'bin/ems-conformance.ts',
  'playwright.config.ts',
  'harness/runner/global-setup.ts',
  'harness/report/conformance-reporter.ts',
  'harness/report/console-reporter.ts',
  'mock/provider.ts',
  ...readdirSync(repoPath('suites'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `suites/${name}`),
  // The fault matrix's configuration, reporter and lanes (bin/selfcheck/pool.ts), in the repository's bundle only.
  ...(values.for === 'repository' ? ['bin/selfcheck/playwright.config.ts', 'bin/selfcheck/reporter.ts', 'bin/selfcheck/lane.ts'] : []),
];

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: repoPath(),
  entryPoints,
  outdir: OUT_DIR,
  outbase: '.',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
  define: { EMS_BUILD_DIR: JSON.stringify(RUNS_FROM), EMS_BUILD_FOR: JSON.stringify(values.for) },
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`build: ${entryPoints.length} entry points, ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KiB in ${relative(repoPath(), OUT_DIR)}/`);
