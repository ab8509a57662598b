/**
 * PLACEHOLDER (helper "cli"): the minimal `merge` the package's self-test needs; helper "truth" owns the
 * real bin/merge.ts (same exit codes and summary as an unsharded run), which replaces this file.
 * `ems-conformance merge [BLOB_DIR]`: merges sharded runs' blob reports into reports/ and exits 1 when a rule fails.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { codePath, workPath } from '../harness/contract';
import { ConfigError, reportDir } from '../harness/core';
import { renderSummary } from '../harness/report/summary';
import type { ConformanceReport } from '../harness/types';
import { runChild } from './lib/child';
import { parseFlags, runMain } from './lib/cli';
import { playwrightCommand } from './lib/commands';

const USAGE = `usage: ems-conformance merge [BLOB_DIR]   (default ./blob-report)
Exit: 0 no failing rule, 1 failing rules, 2 nothing to merge.`;

async function main(): Promise<number> {
  const { values } = parseFlags(process.argv.slice(2).filter((arg) => arg.startsWith('-')), { help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const blobDir = process.argv.slice(2).find((arg) => !arg.startsWith('-')) ?? workPath('blob-report');
  if (!existsSync(blobDir)) throw new ConfigError(`no blob reports at ${blobDir}: run the shards with --shard I/N first`);
  const reportFile = join(reportDir(process.env), 'conformance.json');
  rmSync(reportFile, { force: true });
  const reporter = `--reporter=list,${codePath('harness/report/conformance-reporter')}`;
  await runChild(...playwrightCommand(['merge-reports', reporter, blobDir]), { env: process.env, cwd: process.cwd(), output: 'inherit', ownGroup: false });
  if (!existsSync(reportFile)) throw new ConfigError(`merge wrote no ${reportFile}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport;
  console.log(`\n${renderSummary(report, reportDir(process.env))}`);
  return report.counts.fail > 0 ? 1 : 0;
}

runMain('merge', main);
