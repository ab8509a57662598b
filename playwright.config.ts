import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { codeFolder, codePath, workPath } from './harness/contract';
import { reportDir } from './harness/core';
import { TARGET_PROVIDER_VARIABLE } from './harness/runner';

const env = process.env;
// The composition root: without EMS_BASE_URL the run starts the reference mock, which reaches the harness
// only through this target provider (harness/ never imports mock/; see harness/runner/target-provider.ts).
env[TARGET_PROVIDER_VARIABLE] ||= codePath('mock/provider');
const seconds = (variable: string, fallback: number) => {
  const value = Number(env[variable]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MARGIN_S = 60;
/** This command's `--shard I/N` (either spelling), e.g. "1/2"; undefined when not sharded. */
const shardIndex = process.argv.findIndex((arg) => arg === '--shard');
const shard = shardIndex >= 0 ? process.argv[shardIndex + 1] : process.argv.find((arg) => arg.startsWith('--shard='))?.slice('--shard='.length);
// The blob reporter empties its folder first: each shard writes into its own (shard-I-of-N), so a shard run
// on the same machine leaves the other shards' blobs alone. `npm run conformance:merge` gathers them all.
const blobRoot = workPath(env.EMS_BLOB_DIR ?? 'blob-report');
const blobDir = shard ? join(blobRoot, `shard-${shard.replace('/', '-of-')}`) : blobRoot;

// EMS_REPORTERS=minimal: the conformance report only (the fault matrix runs Playwright many times).
// EMS_PLAYWRIGHT_JSON=<file>: Playwright's JSON report too (per-test durations, read by bin/bench.ts).
const minimal = env.EMS_REPORTERS === 'minimal';
const reporters: ReporterDescription[] = [
  // The console's reporter counts a test by its rules' verdicts: a failed rule's test is an expected failure to
  // Playwright (its worker is kept), which Playwright's list and dot reporters would count as passed.
  ...(minimal ? [] : [[codePath('harness/report/console-reporter'), { dots: Boolean(env.CI) }] as ReporterDescription]),
  [codePath('harness/report/conformance-reporter')],
  ...(minimal ? [] : [['html', { outputFolder: join(reportDir(env), 'playwright'), open: 'never' }] as ReporterDescription]),
  ...(env.EMS_PLAYWRIGHT_JSON ? [['json', { outputFile: env.EMS_PLAYWRIGHT_JSON }] as ReporterDescription] : []),
  ...(env.EMS_BLOB === '1' || shard ? [['blob', { outputDir: blobDir }] as ReporterDescription] : []),
];

/** The conformance run: API checks only (no browser), one verdict per rule, see docs/ARCHITECTURE.md. */
export default defineConfig({
  // EMS_SUITES_DIR: another folder of suites (the self-tests' fixture suites); default suites/ (build/suites/ in the package).
  testDir: env.EMS_SUITES_DIR ?? codeFolder('suites'),
  outputDir: workPath(env.EMS_TEST_RESULTS_DIR ?? 'test-results'),
  fullyParallel: true,
  // One worker per core by default (os.availableParallelism: the cores this process may use).
  workers: Number(env.EMS_WORKERS) > 0 ? Number(env.EMS_WORKERS) : availableParallelism(),
  retries: 0,
  // An export check polls for up to EMS_EXPORT_BUDGET_S.
  timeout: (seconds('EMS_EXPORT_BUDGET_S', 300) + MARGIN_S) * 1000,
  // Past the time budget no test starts (its rules are inconclusive, "unfinished"); the tests still running
  // get a grace of a few request timeouts, then the run stops and what they left unjudged is inconclusive.
  globalTimeout: (seconds('EMS_BUDGET_S', 600) + Math.max(15, (3 * seconds('EMS_TIMEOUT_MS', 10_000)) / 1000)) * 1000,
  globalSetup: codePath('harness/runner/global-setup'),
  reporter: reporters,
});
