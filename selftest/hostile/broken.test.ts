import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { assertEndedWithTransportFailures, describeRun, hostileArgs } from './assertions';
import { HOSTILE_GREP, runHarness } from './run-harness';
import { garbageServer, resettingServer, type HostileServer } from './servers';

describe('hostile targets: broken answers', { timeout: 120_000 }, () => {
  const servers: HostileServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  test('(c) a target that resets every connection: rules inconclusive with "reset", nothing judged (exit 1)', async (t) => {
    const server = await resettingServer();
    servers.push(server);
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('resets', run));
    assertEndedWithTransportFailures(run, /reset/);
    // An outage decides no rule: nothing fails, nothing passes, and the report says what went unanswered.
    assert.equal(run.report?.counts.fail, 0, JSON.stringify(run.report?.rules.filter((rule) => rule.verdict === 'fail').map((rule) => [rule.id, rule.reason])));
    assert.ok((run.report?.outage?.reasons.reset ?? 0) > 0, `the outage section counts the resets: ${JSON.stringify(run.report?.outage)}`);
  });

  test('(d) a target that answers 200 with an HTML page: rules fail with "not-json"', async (t) => {
    const server = await garbageServer();
    servers.push(server);
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('answers HTML', run));
    assertEndedWithTransportFailures(run, /not-json/);
  });
});
