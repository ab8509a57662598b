/**
 * "Current date" and "now" are the target's: the harness reads them on the target's clock, and the fault matrix
 * starts its mocks at midday, so what a check can see does not depend on the hour it runs at. Near midnight GMT a
 * window ending 24 h before now and the accepted "today" reading of the default dateSentEnd coincide within the
 * check's margin; run at midday (host clock at any hour), emails-default-end-day-early must show.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matrixClockOffsetMs } from '../../bin/selfcheck/pool';
import type { ConformanceReport } from '../../harness/types';
import { readReport, runConformance } from '../core/support/run';

const RULE = 'emails.search.dateSentEnd.default';
const HOUR_MS = 3600_000;
const DAY = '2026-11-24';
const at = (time: string) => Date.parse(`${DAY}T${time}Z`);
const verdictOf = (report: ConformanceReport) => report.rules.find((rule) => rule.id === RULE)?.verdict;

/** One run of the rule alone (or of the rules `grep` selects) against the embedded mock, its clock started at `clockStart`. */
async function judgeAt(clockStart: string, faults: string[] = [], grep = `@rule:${RULE.replace(/\./g, '\\.')}(\\s|$)`) {
  const finished = await runConformance(['--grep', grep], {
    EMS_MOCK_CLOCK_START: clockStart,
    ...(faults.length ? { EMS_MOCK_FAULTS: faults.join(',') } : {}),
  });
  const report = readReport(finished);
  return { code: finished.code, verdict: verdictOf(report), report, output: finished.stdout + finished.stderr };
}

describe('the hour a run happens at', () => {
  test('should put the matrix clock at midday whatever the host hour', () => {
    for (const time of ['23:30:00', '23:59:59', '00:00:00', '00:30:00', '06:00:00', '11:59:00', '12:00:00', '18:00:00', '20:45:00']) {
      const host = at(time);
      const offset = matrixClockOffsetMs(host);
      const onMockClock = new Date(host + offset);
      assert.equal(onMockClock.toISOString().slice(11, 19), '12:00:00', `host ${time}`);
      assert.ok(Math.abs(offset) <= 12 * HOUR_MS, `host ${time}: offset ${offset} ms`);
    }
  });

  test('should catch a default end a day early on a target whose clock says midday or just past midnight', { timeout: 180_000 }, async () => {
    const runs = await Promise.all([judgeAt(`${DAY} 12:00:00`, ['emails-default-end-day-early']), judgeAt(`${DAY} 00:30:00`, ['emails-default-end-day-early'])]);
    for (const run of runs) {
      assert.equal(run.verdict, 'fail', run.output);
      assert.equal(run.code, 1, run.output);
    }
  });

  test('should not fail a conforming target at midday or in the hour before midnight, nor its export files on a clock behind ours', { timeout: 180_000 }, async () => {
    // The matrix's mocks run up to 12 h from the host's clock, these a day or more behind it: fileExpiration is a
    // datetime of the target's, and a download is judged on the target's clock (its answers' Date header).
    const grep = `@rule:(${RULE.replace(/\./g, '\\.')}(\\s|$)|exports\\.)`;
    const runs = await Promise.all([judgeAt(`${DAY} 12:00:00`, [], grep), judgeAt(`${DAY} 23:30:00`, [], grep)]);
    for (const run of runs) {
      assert.equal(run.verdict, 'pass', run.output);
      const judged = run.report.rules.filter((rule) => rule.verdict !== 'skipped');
      assert.ok(judged.some((rule) => rule.id === 'exports.getFile.file') && judged.length >= 16, run.output);
      assert.deepEqual(judged.filter((rule) => rule.verdict !== 'pass').map((rule) => `${rule.id}: ${rule.verdict} ${rule.reason}`), [], run.output);
      assert.equal(run.code, 0, run.output);
    }
  });
});
