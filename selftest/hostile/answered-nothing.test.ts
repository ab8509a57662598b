import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { describeRun } from './assertions';
import { runHarness, SECRET_TOKEN, type HarnessRun } from './run-harness';
import { resettingServer, silentServer, type HostileServer } from './servers';

/** The auth rules (the retired endpoint among them) and the ping: enough budget for each to be judged, not left unfinished. */
const SELECTION = '@rule:(auth\\.|helper\\.|schema\\.helper\\.)';
const BUDGET_S = 60;

const args = (baseUrl: string) => ['--base-url', baseUrl, '--token', SECRET_TOKEN, '--budget-s', String(BUDGET_S), '--timeout-ms', '1000', '--grep', SELECTION, '--seed', '7'];

/** No rule passes on a target that answered nothing; the retired endpoint is not taken as "unavailable" there. */
function assertNothingPasses(run: HarnessRun, reason: RegExp): void {
  assert.equal(run.signal, null, `the run was killed (${run.signal})`);
  assert.ok(run.report, `a report was written (exit ${run.code}; stderr: ${run.stderr.slice(-1500)})`);
  assert.equal(run.code, 1, `exit 1 (rules fail with the transport reason), got ${run.code}`);
  const passed = run.report.rules.filter((rule) => rule.verdict === 'pass').map((rule) => rule.id);
  assert.deepEqual(passed, [], 'no rule passes against a target that never answered usably');
  const retired = run.report.rules.find((rule) => rule.id === 'auth.app-endpoint.retired');
  assert.equal(retired?.verdict, 'inconclusive', `the retired endpoint is not judged on a target that answers nothing: ${JSON.stringify(retired)}`);
  assert.match(retired.reason ?? '', new RegExp(`^transport: ${reason.source}.* on helper/ping`));
  assert.equal(`${run.stdout}${run.stderr}`.includes(SECRET_TOKEN), false, 'the token is never printed');
}

describe('hostile targets: no pass without an answer', { timeout: 300_000 }, () => {
  const servers: HostileServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  test('a target that never answers: no rule passes, auth.app-endpoint.retired is inconclusive with the timeout', async (t) => {
    const server = await silentServer();
    servers.push(server);
    const run = await runHarness(args(server.baseUrl));
    t.diagnostic(describeRun('never answers (auth)', run));
    assertNothingPasses(run, /timeout/);
  });

  test('a target that resets every connection: no rule passes, auth.app-endpoint.retired is inconclusive with the reset', async (t) => {
    const server = await resettingServer();
    servers.push(server);
    const run = await runHarness(args(server.baseUrl));
    t.diagnostic(describeRun('resets (auth)', run));
    assertNothingPasses(run, /reset/);
  });
});
