import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { listedTests, type PlaywrightJson } from '../../bin/lib/playwright-json';
import { describeRun } from './assertions';
import { runHarness } from './run-harness';

const EXPORT_BUDGET_S = 5;
/** Start-up (Playwright, workers, the embedded mock) on a busy 2-core machine, and the quick export checks. */
const START_UP_S = 60;
const SELECTION = '@rule:(exports\\.|schema\\.exports\\.)';
/** The rules judged on a job run to its end: with jobs that never finish, each is inconclusive with the budget's reason. */
const WAITING_RULES = ['exports.job.file-key', 'exports.job.no-records', 'exports.job.expiration', 'exports.job.failed', 'exports.getFile.file', 'exports.getFile.format', 'exports.getFile.rows', 'exports.getFile.availability', 'exports.duplicate.after-completion'];
/** The budget's reason: the driver's ("after 5 s") or the judge's (the job's polls, "after 5 s (EMS_EXPORT_BUDGET_S=5)"). */
const BUDGET_REASON = new RegExp(`export budget exceeded: job \\d+ was still Pending after \\d+ s`);

describe('a job that never finishes costs one export budget per run', { timeout: 300_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ems-export-budget-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('jobs Pending forever (mock fault exports-job-never-finishes): the first check past the budget settles the others', async (t) => {
    const json = join(scratch, 'playwright.json');
    const run = await runHarness(['--faults', 'exports-job-never-finishes', '--export-budget-s', String(EXPORT_BUDGET_S), '--grep', SELECTION, '--seed', '7'], { EMS_PLAYWRIGHT_JSON: json });
    t.diagnostic(describeRun('exports, jobs never finish', run));
    assert.ok(run.report, `a report was written (exit ${run.code}; stderr: ${run.stderr.slice(-1500)})`);
    assert.equal(run.code, 1, 'exports.job.finishes fails');

    const byId = new Map(run.report.rules.map((rule) => [rule.id, rule]));
    const finishes = byId.get('exports.job.finishes');
    assert.equal(finishes?.verdict, 'fail');
    // Its own job past the budget ("job 9 ... reaches Completed or Failed within 5 s"), or the one another check saw.
    assert.match(finishes.reason ?? '', new RegExp(`within ${EXPORT_BUDGET_S} s|${BUDGET_REASON.source}`));
    for (const id of WAITING_RULES) {
      const rule = byId.get(id);
      assert.equal(rule?.verdict, 'inconclusive', `${id}: ${JSON.stringify(rule?.reason)}`);
      // The budget's reason (the driver's, or the judge's from the job's polls), or the unfinished job whose polls
      // stopped once the run's budget was spent by another: never only what was missing.
      assert.match(rule.reason ?? '', new RegExp(`${BUDGET_REASON.source}|job \\d+ was still Pending at (?:its one poll|the last of its \\d+ polls)`), id);
    }
    const failing = run.report.rules.filter((rule) => rule.verdict === 'fail').map((rule) => rule.id);
    assert.deepEqual(failing, ['exports.job.finishes'], 'only the rule the fault breaks fails');

    // Time spent in the tests (start-up excluded): about one budget per worker, not one per export check.
    const tests = listedTests(JSON.parse(readFileSync(json, 'utf8')) as PlaywrightJson);
    const testSeconds = tests.flatMap((one) => one.results).reduce((sum, result) => sum + result.duration, 0) / 1000;
    t.diagnostic(`time in tests ${testSeconds.toFixed(1)} s, wall ${(run.wallMs / 1000).toFixed(1)} s, export budget ${EXPORT_BUDGET_S} s`);
    assert.ok(testSeconds < 4 * EXPORT_BUDGET_S, `the tests took ${testSeconds.toFixed(1)} s together: more than one export budget per worker`);
    assert.ok(run.wallMs < (3 * EXPORT_BUDGET_S + START_UP_S) * 1000, `the run took ${run.wallMs} ms`);
  });
});
