import { after, describe, test } from 'node:test';
import { assertEndedWithTransportFailures, describeRun, hostileArgs } from './assertions';
import { HOSTILE_GREP, runHarness } from './run-harness';
import { garbageServer, resettingServer, type HostileServer } from './servers';

describe('hostile targets: broken answers', { timeout: 120_000 }, () => {
  const servers: HostileServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  test('(c) a target that resets every connection: rules fail with "reset"', async (t) => {
    const server = await resettingServer();
    servers.push(server);
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('resets', run));
    assertEndedWithTransportFailures(run, /reset/);
  });

  test('(d) a target that answers 200 with an HTML page: rules fail with "not-json"', async (t) => {
    const server = await garbageServer();
    servers.push(server);
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('answers HTML', run));
    assertEndedWithTransportFailures(run, /not-json/);
  });
});
