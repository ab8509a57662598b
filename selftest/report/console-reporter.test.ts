/**
 * The console's reporter on hand-made test results: a failed test counts as failed whether or not Playwright
 * expected it (a kept worker), its failing rules' reasons are printed, and no token reaches the console.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { FullConfig, FullResult, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import ConsoleReporter from '../../harness/report/console-reporter';
import { ANNOTATION } from '../../harness/runner';

const TOKEN = 'F00DCAFE-1234-4321-ABCD-0123456789AB';

function testCase(title: string, rule: string): TestCase {
  return { titlePath: () => ['', 'suite.spec.ts', title], tags: [`@rule:${rule}`], annotations: [] } as unknown as TestCase;
}

function result(status: TestResult['status'], verdict?: { rule: string; verdict: string; reason: string }, error?: string): TestResult {
  return {
    status,
    duration: 120,
    errors: error ? [{ message: error }] : [],
    annotations: verdict ? [{ type: ANNOTATION.verdict, description: JSON.stringify({ ...verdict, evidence: [], requests: 1 }) }] : [],
  } as unknown as TestResult;
}

/** What the reporter wrote to stdout and stderr while `play` ran. */
function captured(play: () => void): { out: string; err: string } {
  const writes = { out: '', err: '' };
  const original = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = ((chunk: string) => ((writes.out += chunk), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => ((writes.err += chunk), true)) as typeof process.stderr.write;
  try {
    play();
  } finally {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
  }
  return writes;
}

function playRun(dots: boolean) {
  const reporter = new ConsoleReporter({ dots });
  const cases = [testCase('a rule broken', 'a.rule'), testCase('all good', 'b.rule'), testCase('nothing to judge', 'c.rule'), testCase('a check broke', 'd.rule')];
  return captured(() => {
    reporter.onBegin({ workers: 2, metadata: {} } as unknown as FullConfig, { allTests: () => cases } as unknown as Suite);
    // Playwright counts the first as an expected failure (its worker kept); its status is still "failed".
    reporter.onTestEnd(cases[0]!, result('failed', { rule: 'a.rule', verdict: 'fail', reason: `the answer echoed ${TOKEN}` }, 'RulesFailed'));
    reporter.onTestEnd(cases[1]!, result('passed', { rule: 'b.rule', verdict: 'pass', reason: '' }));
    reporter.onTestEnd(cases[2]!, result('skipped', { rule: 'c.rule', verdict: 'inconclusive', reason: 'no data' }));
    reporter.onTestEnd(cases[3]!, result('failed', undefined, `TypeError: cannot read ${TOKEN}`));
    reporter.onError({ message: `global setup: ${TOKEN} refused` });
    reporter.onEnd({ status: 'passed', duration: 2500 } as FullResult);
  });
}

describe('the console reporter', () => {
  beforeEach(() => {
    process.env.EMS_TOKEN = TOKEN;
  });
  afterEach(() => {
    delete process.env.EMS_TOKEN;
  });

  test('should count a failed test as failed, with its failing rule\'s reason, one line per test', () => {
    const { out, err } = playRun(false);
    assert.match(out, /Running 4 tests using 2 workers/);
    assert.match(out, /✘ 1\/4 suite\.spec\.ts › a rule broken \(0\.1s\)\n\s+a\.rule: the answer echoed \$EMS_TOKEN\n/);
    assert.match(out, /✓ 2\/4 suite\.spec\.ts › all good/);
    assert.match(out, /- 3\/4 suite\.spec\.ts › nothing to judge/);
    assert.match(out, /✘ 4\/4 suite\.spec\.ts › a check broke \(0\.1s\)\n\s+TypeError: cannot read \$EMS_TOKEN\n/);
    assert.match(out, /^\s+2 failed \(as each test.s worker saw the run; every rule.s verdict over the whole run follows\)\n\s+1 skipped\n\s+1 passed \(2\.5s\)\n\s+1 error outside any test \(above\)$/m);
    assert.match(err, /error: global setup: \$EMS_TOKEN refused/);
    assert.equal(`${out}${err}`.includes(TOKEN), false, 'no token on the console');
  });

  test('should print dots in CI, then each failed test and why', () => {
    const { out } = playRun(true);
    assert.match(out, /\nF·°F\n/);
    assert.match(out, /2 failed [^\n]*\n\s+suite\.spec\.ts › a rule broken\n\s+a\.rule: the answer echoed \$EMS_TOKEN\n\s+suite\.spec\.ts › a check broke\n\s+TypeError/);
    assert.equal(out.includes(TOKEN), false);
  });
});
