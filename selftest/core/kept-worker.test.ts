/**
 * A failing rule's test keeps its Playwright worker (harness/runner/fixtures.ts marks it an expected failure),
 * and nothing that reads the run is fooled by that: the console reporter counts it failed, Playwright's own
 * exit status stays failed, and the report holds the failing verdicts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { closingCount, PLAYWRIGHT, readReport, runAtRoot } from './support/run';

interface JsonResult { workerIndex: number; status: string }
interface JsonSuite { suites?: JsonSuite[]; specs?: Array<{ tests: Array<{ results: JsonResult[] }> }> }

const resultsOf = (suite: JsonSuite): JsonResult[] => [
  ...(suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((t) => t.results)),
  ...(suite.suites ?? []).flatMap(resultsOf),
];

/** Playwright on the ping and envelope suites, one worker, with a fault breaking a rule of each; its JSON report's results. */
async function twoFailingRules(name: string, args: string[] = []) {
  const output = join('test-results', `selftest-core-kept-worker-${name}`);
  const json = join(output, 'playwright.json');
  const finished = await runAtRoot(PLAYWRIGHT, ['test', 'suites/helper-ping.spec.ts', 'suites/envelope.spec.ts', '--output', output, ...args], {
    EMS_MOCK_FAULTS: 'ping-data-empty,envelope-error-without-messages',
    EMS_PLAYWRIGHT_JSON: json,
  });
  const results = resultsOf(JSON.parse(readFileSync(repoPath(json), 'utf8')) as JsonSuite);
  return { finished, results };
}

test('should keep the worker after a failing rule, count the test failed and exit 1', { timeout: 180_000 }, async () => {
  const { finished, results } = await twoFailingRules('kept');
  const said = finished.stdout + finished.stderr;
  const report = readReport(finished);
  const failing = report.rules.filter((rule) => rule.verdict === 'fail').map((rule) => rule.id).sort();
  assert.deepEqual(failing, ['envelope.error-signal', 'schema.helper.ping'], said);
  assert.equal(finished.code, 1, `Playwright's exit status stays failed: ${said.slice(-1500)}`);

  assert.ok(results.filter((result) => result.status === 'failed').length >= 2, 'two tests failed');
  assert.deepEqual([...new Set(results.map((result) => result.workerIndex))], [0], 'one worker (EMS_WORKERS=1) served every test, failed or not');

  // The console counts by how tests ended, and says why each failed.
  assert.equal(closingCount(finished.stdout, 'failed'), results.filter((result) => result.status === 'failed').length, finished.stdout);
  assert.equal(closingCount(finished.stdout, 'passed'), results.filter((result) => result.status === 'passed').length, finished.stdout);
  for (const rule of failing) assert.match(finished.stdout, new RegExp(`^\\s+${rule.replace(/\./g, '\\.')}: \\S`, 'm'), `the reason of ${rule}`);
});

test('should stop at the first failing test with --max-failures 1, as Playwright does', { timeout: 180_000 }, async () => {
  const { finished, results } = await twoFailingRules('max-failures', ['--max-failures', '1']);
  assert.equal(finished.code, 1, finished.stdout.slice(-1500));
  const failed = results.filter((result) => result.status === 'failed');
  assert.equal(failed.length, 1, `one failed test, then the run stopped: ${JSON.stringify(results)}`);
  assert.match(finished.stdout, /^\s+\d+ did not run$/m, finished.stdout);
});
