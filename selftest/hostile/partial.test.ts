import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { isPartial, partialRules } from '../../harness/report/summary';
import type { RuleResult } from '../../harness/types';
import { startMock, type RunningMock } from '../../mock';
import { describeRun } from './assertions';
import { runHarness, SECRET_TOKEN, type HarnessRun } from './run-harness';
import { delayingServer, type HostileServer } from './servers';

/** Long enough for start-up and some rules to be judged, too short for the selection: the run is cut short. */
const BUDGET_S = 30;
const SELECTION = '@rule:(helper\\.|schema\\.helper\\.|groups\\.|schema\\.groups\\.)';

function partialArgs(baseUrl: string, token: string): string[] {
  return ['--base-url', baseUrl, '--token', token, '--budget-s', String(BUDGET_S), '--timeout-ms', '5000', '--max-rps', '200', '--grep', SELECTION, '--seed', '7'];
}

/** Judged some rules, failed none, and left some unfinished by the time budget. */
function assertCutShort(run: HarnessRun): void {
  assert.equal(run.signal, null, `the run was killed (${run.signal})`);
  assert.ok(run.report, `a report was written (exit ${run.code}; stderr: ${run.stderr.slice(-1500)})`);
  const { counts, rules } = run.report;
  assert.equal(counts.fail, 0, `no rule fails against a slow but conforming target: ${JSON.stringify(rules.filter((r) => r.verdict === 'fail').map((r) => [r.id, r.reason]))}`);
  assert.ok(counts.pass > 0, 'some rule was judged before the budget ran out');
  assert.ok(rules.some((rule) => rule.verdict === 'inconclusive' && /unfinished/.test(rule.reason ?? '')), 'some rule was left unfinished by the budget');
}

test('a partial run: rules unjudged for want of time or answers, not for the target\'s data', () => {
  const rule = (id: string, verdict: RuleResult['verdict'], reason?: string, transportFailure?: RuleResult['transportFailure']) =>
    ({ id, verdict, ...(reason ? { reason } : {}), ...(transportFailure ? { transportFailure } : {}) }) as RuleResult;
  const rules = [
    rule('a', 'inconclusive', 'unfinished: time budget of 60 s exhausted'),
    rule('b', 'inconclusive', 'no sample could be judged: unfinished: time budget exhausted'),
    rule('c', 'inconclusive', 'unfinished: the test timed out after 360000 ms'),
    // The transport failures are told by their typed mark (harness/runner/settle.ts), not by the wording of the reason.
    rule('d', 'inconclusive', 'transport: reset (ECONNRESET) on GET /helper/ping', 'reset'),
    rule('e', 'inconclusive', 'transport: gateway (HTTP 502 without the target\'s envelope) on POST /contacts/import', 'gateway'),
    rule('f', 'inconclusive', 'no archived group to search for'),
    rule('g', 'inconclusive', 'export budget exceeded: job 3 was still Pending after 300 s (EMS_EXPORT_BUDGET_S)'),
    rule('h', 'pass', 'time budget reached after 3 judged samples of 25'),
    rule('i', 'fail', 'transport: not-json (HTTP 200) on GET /helper/ping', 'not-json'),
    rule('j', 'inconclusive', 'a judge\'s words that name a transport failure: no mark, no partial run'),
  ];
  assert.deepEqual(partialRules({ rules }), { unfinished: ['a', 'b', 'c'], transport: ['d', 'e'] });
  // A run is partial on those, or on requests an outage left without an answer though no rule carries the mark.
  const judgedOnly = rules.filter((r) => !['a', 'b', 'c', 'd', 'e'].includes(r.id));
  assert.equal(isPartial({ rules: judgedOnly }), false);
  const outage = { first: '', last: '', attempts: 2, unanswered: 1, resent: 1, recovered: 0, writesUnknown: 1, operations: {}, reasons: {}, rules: [] };
  assert.equal(isPartial({ rules: judgedOnly, outage }), true);
  assert.equal(isPartial({ rules: judgedOnly, outage: { ...outage, unanswered: 0 } }), false, 'resends that were all answered leave the run whole');
});

describe('a run cut short by its time budget is not green', { timeout: 300_000 }, () => {
  let mock: RunningMock | undefined;
  const servers: HostileServer[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await mock?.close();
  });

  test('a slow target and a small budget: exit 3, and 0 with --accept-partial (or EMS_ACCEPT_PARTIAL=1)', async (t) => {
    mock = await startMock({ port: 0 });
    const server = await delayingServer(mock.origin, 400);
    servers.push(server);

    // The three runs at once: each spends its budget waiting on the slow target, not on the CPU.
    const [strict, accepted, byEnv] = await Promise.all([
      runHarness(partialArgs(server.baseUrl, mock.tokens.full)),
      runHarness([...partialArgs(server.baseUrl, mock.tokens.full), '--accept-partial']),
      runHarness(partialArgs(server.baseUrl, mock.tokens.full), { EMS_ACCEPT_PARTIAL: '1' }),
    ]);
    t.diagnostic(describeRun('slow target, strict', strict));
    assertCutShort(strict);
    assert.equal(strict.code, 3, `exit 3 for a partial run, got ${strict.code}; stdout: ${strict.stdout.slice(-1500)}`);
    assert.match(strict.stdout, /partial run: \d+ rule\(s\) unfinished/);
    assert.match(strict.stdout, /a partial run exits 3/);

    t.diagnostic(describeRun('slow target, --accept-partial', accepted));
    assertCutShort(accepted);
    assert.equal(accepted.code, 0, `exit 0 with --accept-partial, got ${accepted.code}`);

    t.diagnostic(describeRun('slow target, EMS_ACCEPT_PARTIAL=1', byEnv));
    assertCutShort(byEnv);
    assert.equal(byEnv.code, 0, `exit 0 with EMS_ACCEPT_PARTIAL=1, got ${byEnv.code}`);
    assert.equal(`${strict.stdout}${strict.stderr}`.includes(SECRET_TOKEN), false);
  });
});
