/**
 * In a --har run most rules are inconclusive (the recording did not show what they need). The console's
 * closing line ("N passed") is what a person reads first: it must not count those tests as passed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { closingCount } from '../core/support/run';
import { conformance, readReport, recordedActiveRun, scratch } from './support';


test('should not count a test whose rules are inconclusive as passed in the console\'s closing line of a --har run', { timeout: 300_000 }, async () => {
  const har = join(scratch(), 'ping-and-search.har');
  const live = await recordedActiveRun(har, ['--grep', '@rule:helper\\.ping\\.|@rule:groups\\.search\\.rpp\\.', '--seed', '3']);
  assert.equal(live.code, 0, live.stdout.slice(-2000) + live.stderr);

  const offline = await conformance(['--har', har]);
  const report = readReport(offline);
  assert.ok(report.counts.inconclusive >= 50, `a recording of ping and a few searches leaves most rules inconclusive: ${JSON.stringify(report.counts)}`);
  assert.ok(report.counts.pass >= 1, `the recording judged nothing: ${JSON.stringify(report.counts)}`);
  const passed = closingCount(offline.stdout, 'passed');
  assert.ok(passed <= report.counts.pass, `The console says ${passed} passed, the verdicts ${report.counts.pass} pass:\n${offline.stdout.slice(-1500)}`);
  assert.ok(closingCount(offline.stdout, 'skipped') >= report.counts.inconclusive, offline.stdout.slice(-1500));
  // The harness's own summary line follows and says the same.
  assert.match(offline.stdout, new RegExp(`${report.counts.fail} fail, ${report.counts.inconclusive} inconclusive, ${report.counts.pass} pass, `));
});
