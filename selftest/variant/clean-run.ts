import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { readReport, runConformance } from '../core/support/run';

/**
 * One short conformance run (`npm run conformance`'s command, one worker, EMS_RUNS=4, seed 1) against the embedded
 * mock under a profile, with the mock's variables (`mock`: its variant or its choices): the report, and the rules
 * that did not pass (fail, error or inconclusive) with their reasons. Playwright's own output goes to a temp
 * folder, removed afterwards (the report folder is runAtRoot's, removed at exit).
 */
export async function cleanMockRun(profile: string, mock: Record<string, string>) {
  const results = mkdtempSync(join(tmpdir(), 'ems-clean-results-'));
  const finished = await runConformance(['--workers', '1'], {
    EMS_PROFILE: profile,
    ...mock,
    EMS_RUNS: '4',
    // The conformance report alone: no test here reads Playwright's own reports.
    EMS_REPORTERS: 'minimal',
    EMS_SEED: '1',
    EMS_TEST_RESULTS_DIR: results,
  }).finally(() => rmSync(results, { recursive: true, force: true }));
  const output = `${finished.stdout}\n${finished.stderr}`;
  assert.ok(existsSync(`${finished.reportDir}/conformance.json`), `the run wrote no report (exit ${finished.code}):\n${output.slice(-4000)}`);
  const report = readReport(finished);
  const unsettled = report.rules
    .filter((rule) => rule.verdict === 'fail' || rule.verdict === 'inconclusive' || rule.verdict === 'error')
    .map((rule) => `${rule.verdict} ${rule.id}: ${rule.reason ?? '(no reason)'}`);
  return { finished, report, unsettled, output };
}
