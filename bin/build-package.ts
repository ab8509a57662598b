/**
 * `npm run build`: the package's JavaScript, build/, from the TypeScript sources (npm pack runs it first).
 *
 * One esbuild pass over every entry point Node or Playwright loads by path: the CLI, the Playwright
 * configuration, the suites, the global setup, the conformance reporter and the mock's target provider.
 * Code splitting puts what they share in common chunks, so a worker that loads several suites still
 * holds one instance of each harness module (as it does from the sources). Dependencies stay imports of
 * the installed packages (one @playwright/test for the runner and the suites).
 */
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { repoPath } from '../harness/contract';

const OUT_DIR = repoPath('build');

const entryPoints = [
  'bin/ems-conformance.ts',
  'playwright.config.ts',
  'harness/runner/global-setup.ts',
  'harness/report/conformance-reporter.ts',
  'mock/provider.ts',
  ...readdirSync(repoPath('suites'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `suites/${name}`),
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
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`build: ${entryPoints.length} entry points, ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KiB in build/`);
