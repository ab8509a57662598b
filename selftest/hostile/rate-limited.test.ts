/**
 * A target with a rate limit, as a staging server has one: the embedded mock with EMS_MOCK_RATE_LIMIT
 * (`--rate-limit N/s`) answers HTTP 429 with Retry-After beyond N requests a second. A run waits the limits
 * out, slows down and judges as without them (0 fail), and reports how often it was limited; a limit that
 * never clears leaves the rules inconclusive on transport (exit 3), never failed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { partialRules } from '../../harness/report/summary';
import { readReport, runConformance } from '../core/support/run';

const SELECTION = '@rule:(helper\\.|groups\\.search\\.rpp\\.|schema\\.helper\\.)';

// The two runs at once: each waits on its own mock's rate limit.
describe('a target with a rate limit', { concurrency: true }, () => {
  test('a rate limit below the harness\'s pace: waited out and retried, 0 fail, the limits reported', { timeout: 300_000 }, async () => {
    const run = await runConformance(['--grep', SELECTION, '--seed', '7'], { EMS_MOCK_RATE_LIMIT: '25/s', EMS_WORKERS: '2' });
    const report = readReport(run);
    assert.equal(report.counts.fail, 0, JSON.stringify(report.rules.filter((rule) => rule.verdict === 'fail').map((rule) => [rule.id, rule.reason])));
    assert.equal(run.code, 0, run.stdout.slice(-2000) + run.stderr.slice(-2000));
    assert.ok((report.rateLimited ?? 0) > 0, `the run was limited and says so: rateLimited ${report.rateLimited}`);
    assert.match(run.stdout, /\(\d+ answered by the target's rate limit: waited out, retried, never judged\)/);
    assert.ok(report.counts.pass >= 5, `rules are judged despite the limit: ${JSON.stringify(report.counts)}`);
  });

  test('limits that do not clear within the budget: those rules inconclusive on transport (rate-limited), exit 3, never a failure', { timeout: 300_000 }, async () => {
    // 1/h: the first request is served (schema.helper.ping's driver: helper/ping with the full token); every later one is
    // asked to wait an hour, past the run's budget, so the client gives it up. The driver stops there, and the rule's
    // judge decides on the answered ping alone (a pass on the whole statement stands); helper.ping.accepts-token gets
    // no answer at all and is left to the rate limit.
    const selection = '@rule:(helper\\.ping\\.accepts-token|schema\\.helper\\.ping)';
    const run = await runConformance(['--grep', selection, '--seed', '7'], { EMS_MOCK_RATE_LIMIT: '1/h', EMS_WORKERS: '1' });
    const report = readReport(run);
    const verdictOf = (id: string) => report.rules.find((rule) => rule.id === id);
    assert.equal(report.counts.fail, 0, JSON.stringify(report.rules.filter((rule) => rule.verdict === 'fail').map((rule) => [rule.id, rule.reason])));
    assert.equal(verdictOf('schema.helper.ping')?.verdict, 'pass', verdictOf('schema.helper.ping')?.reason);
    const limited = verdictOf('helper.ping.accepts-token');
    assert.equal(limited?.verdict, 'inconclusive');
    assert.match(limited?.reason ?? '', /^transport: rate-limited \(rate limit: HTTP 429, Retry-After \d+; waiting \d+ s would outlast the run, EMS_BUDGET_S\)/);
    assert.deepEqual(partialRules(report).transport.sort(), ['helper.ping.accepts-token']);
    assert.equal(run.code, 3, run.stdout.slice(-2000) + run.stderr.slice(-2000));
    // The limit was met and counted; the worker, kept after the first test's transport failure, then sends
    // nothing more into a limit it knows lasts an hour.
    assert.ok((report.rateLimited ?? 0) >= 1, `rateLimited ${report.rateLimited}`);
  });
});
