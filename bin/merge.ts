/**
 * Merges the blob reports of a sharded run (`npm run conformance -- --shard I/N` on each machine) into the
 * reports one unsharded run writes (conformance.json, html, junit, Playwright's report), prints the same
 * summary and exits as that run would. Usage: ems-conformance merge --help
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { workPath } from '../harness/contract';
import { redactorFromEnv, reportDir } from '../harness/core';
import { checkShardSet, findBlobs } from './lib/blob-shards';
import { runChild, stopChildrenOnSignal } from './lib/child';
import { CONFORMANCE_CONFIG, playwrightCommand } from './lib/commands';
import { parseFlags, runMain } from './lib/cli';
import { concludeRun, failOnOf, readBaseline, readReport } from './lib/run-exit';

const USAGE = `usage: ems-conformance merge [flags] [BLOB_DIR]
  BLOB_DIR   where the shards' blob reports are (any depth: each shard writes blob-report/shard-I-of-N/);
             default EMS_BLOB_DIR, else blob-report/. It must hold shards 1..N of one run, each once.
  baseline   --baseline OLD/conformance.json  --fail-on any|new
  partial    --accept-partial   (EMS_ACCEPT_PARTIAL=1)
Writes reports/ (EMS_REPORT_DIR) as the unsharded run would. Exit as that run: 0 no failing rule, 1 failing rules,
2 blobs missing or of different runs, 3 a partial run, 4 a harness error and no failing rule.`;

async function main(): Promise<number> {
  const { values, positionals } = parseFlags(process.argv.slice(2), {
    baseline: { type: 'string' },
    'fail-on': { type: 'string' },
    'accept-partial': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  }, { baseline: 'OLD/conformance.json', 'fail-on': 'any|new|drift|new,drift' }, true);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const failOn = failOnOf(values['fail-on'], values.baseline);
  const baseline = values.baseline ? readBaseline(values.baseline) : undefined;
  if (positionals.length > 1) throw new Error(`give one blob folder, not ${positionals.length}`);
  const dir = resolve(positionals[0] ?? workPath(process.env.EMS_BLOB_DIR ?? 'blob-report'));
  const blobs = findBlobs(dir);
  checkShardSet(blobs, dir);

  // Playwright merges the zips of one flat folder: the shards' blobs, gathered from their own folders.
  const flat = mkdtempSync(join(tmpdir(), 'ems-merge-'));
  stopChildrenOnSignal();
  try {
    blobs.forEach((blob, index) => copyFileSync(blob.file, join(flat, `report-${String(index + 1).padStart(3, '0')}.zip`)));
    // The run's own configuration gives the reporters of an unsharded run; without EMS_BLOB it adds no blob reporter.
    const env: Record<string, string | undefined> = { ...process.env, EMS_BLOB: undefined };
    const reportFile = join(reportDir(env), 'conformance.json');
    rmSync(reportFile, { force: true });
    const finished = await runChild(...playwrightCommand(['merge-reports', '--config', CONFORMANCE_CONFIG, flat]), {
      cwd: process.cwd(),
      env,
      output: 'inherit',
    });
    if (!existsSync(reportFile)) {
      console.error(`conformance:merge: no report was written (playwright merge-reports exited with code ${finished.code ?? finished.signal})`);
      return 2;
    }
    // As the unsharded run's Playwright would have: 1 when any shard's run did not pass (a merge's own code tells only reporter errors).
    const playwrightExit = finished.code !== 0 || blobs.some((blob) => blob.status !== 'passed') ? 1 : 0;
    return concludeRun(readReport(reportFile, 'the merged report'), {
      playwrightExit,
      acceptPartial: values['accept-partial'] === true || process.env.EMS_ACCEPT_PARTIAL === '1',
      baseline,
      baselineFile: values.baseline,
      failOn,
      reportDir: reportDir(env),
    });
  } finally {
    rmSync(flat, { recursive: true, force: true });
  }
}

runMain('conformance:merge', main, (text) => redactorFromEnv(process.env).text(text));
