import { join } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { reportDir } from './harness/core/config';

const env = process.env;
const seconds = (variable: string, fallback: number) => {
  const value = Number(env[variable]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MARGIN_S = 60;
const sharded = process.argv.some((arg) => arg === '--shard' || arg.startsWith('--shard='));

const reporters: ReporterDescription[] = [
  [env.CI ? 'dot' : 'list'],
  ['./harness/report/conformance-reporter.ts'],
  ['html', { outputFolder: join(reportDir(env), 'playwright'), open: 'never' }],
  ...(env.EMS_BLOB === '1' || sharded ? [['blob', { outputDir: env.EMS_BLOB_DIR ?? 'blob-report' }] as ReporterDescription] : []),
];

/** The conformance run: API checks only (no browser), one verdict per rule, see docs/ARCHITECTURE.md. */
export default defineConfig({
  testDir: 'suites',
  outputDir: env.EMS_TEST_RESULTS_DIR ?? 'test-results',
  fullyParallel: true,
  workers: Number(env.EMS_WORKERS) > 0 ? Number(env.EMS_WORKERS) : 2,
  retries: 0,
  // An export check polls for up to EMS_EXPORT_BUDGET_S.
  timeout: (seconds('EMS_EXPORT_BUDGET_S', 300) + MARGIN_S) * 1000,
  globalTimeout: (seconds('EMS_BUDGET_S', 600) + MARGIN_S) * 1000,
  globalSetup: './harness/core/global-setup.ts',
  reporter: reporters,
});
