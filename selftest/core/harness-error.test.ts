/**
 * A check that throws is a harness error, never a failure of the target: verdict `error` with its stack in
 * conformance.json, apart in the console, the HTML and JUnit (<error>), exit code 4, and every other rule's
 * verdict intact; live, and with --har on the live run's own recording (the fixture suite's check throws in
 * its traffic judge too).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport } from '../../harness/types';
import { THROWING_RULE } from '../fixtures/harness-error/throwing-check';
import { conformance, readReport, recordedActiveRun, scratch } from '../traffic/support';
import type { Finished } from './support/run';

const SUITES = { EMS_SUITES_DIR: repoPath('selftest', 'fixtures', 'harness-error') };
const OTHER_RULES = ['schema.helper.ping', 'envelope.shape', 'envelope.http-status', 'envelope.error-signal', 'envelope.datetime-format'];

function verdictOf(report: ConformanceReport, rule: string) {
  const found = report.rules.find((result) => result.id === rule);
  assert.ok(found, `no ${rule} in the report`);
  return found;
}

function assertHarnessErrorOnly(run: Finished, report: ConformanceReport, message: RegExp): void {
  assert.equal(run.code, 4, `exit ${run.code}\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
  const thrown = verdictOf(report, THROWING_RULE);
  assert.equal(thrown.verdict, 'error');
  assert.match(thrown.reason ?? '', /^harness error: /);
  assert.match(thrown.harnessError?.message ?? '', message);
  assert.match(thrown.harnessError?.stack ?? '', /throwing-check\.ts/);
  assert.equal(report.counts.error, 1);
  assert.equal(report.counts.fail, 0);
  assert.match(run.stdout, /harness errors \(1\), not failures of the target/);
  const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
  assert.match(junit, new RegExp(`<testcase[^>]*name="${THROWING_RULE.replaceAll('.', '\\.')}"[^>]*>[\\s\\S]*?<error [^>]*type="harness-error"`));
  assert.doesNotMatch(junit, /<failure/);
  assert.match(readFileSync(join(run.reportDir, 'conformance.html'), 'utf8'), /<h2>Harness errors \(1\)<\/h2>/);
}

describe('a check that throws', { timeout: 600_000 }, () => {
  test('should be a harness error with exit code 4 and leave every other verdict intact, live and with --har', async () => {
    const har = join(scratch(), 'live.har');
    const live = await recordedActiveRun(har, [], SUITES);
    const liveReport = readReport(live);
    assertHarnessErrorOnly(live, liveReport, /TypeError: fixture: a bug in the judge/);
    for (const rule of OTHER_RULES) assert.equal(verdictOf(liveReport, rule).verdict, 'pass', `${rule} live: ${verdictOf(liveReport, rule).reason}`);

    const offline = await conformance(['--har', har], SUITES);
    const offlineReport = readReport(offline);
    assert.equal(offlineReport.mode, 'traffic');
    assertHarnessErrorOnly(offline, offlineReport, /TypeError: fixture: a bug in the judge/);
    for (const rule of OTHER_RULES) assert.equal(verdictOf(offlineReport, rule).verdict, 'pass', `${rule} offline: ${verdictOf(offlineReport, rule).reason}`);
  });
});
