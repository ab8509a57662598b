import { after, describe, test } from 'node:test';
import { assertEndedWithTransportFailures, describeRun, hostileArgs } from './assertions';
import { HOSTILE_GREP, runHarness } from './run-harness';
import { silentServer, slowServer, type HostileServer } from './servers';

// The two runs at once: each waits out its own silent target until the budget ends it (CPU stays low).
describe('hostile targets: silence', { timeout: 120_000, concurrency: true }, () => {
  const servers: HostileServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  test('(a) a target that never answers: every request times out, the run ends within its budget', async (t) => {
    const server = await silentServer();
    servers.push(server);
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('never answers', run));
    assertEndedWithTransportFailures(run, /timeout/);
  });

  test('(b) a target that answers after a long delay: timeouts, the run ends within its budget', async (t) => {
    const server = await slowServer(8000);
    servers.push(server);
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('answers after 8 s', run));
    assertEndedWithTransportFailures(run, /timeout/);
  });
});
