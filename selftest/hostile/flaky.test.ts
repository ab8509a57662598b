import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { startMock, type RunningMock } from '../../mock';
import { assertEndedWithTransportFailures, describeRun, hostileArgs } from './assertions';
import { HOSTILE_GREP, runHarness } from './run-harness';
import { flakyServer, type HostileServer } from './servers';

describe('hostile targets: HTTP 500 now and then', { timeout: 120_000 }, () => {
  let mock: RunningMock | undefined;
  const servers: HostileServer[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await mock?.close();
  });

  test('(f) a target that answers 500 to every other request: "server-error" failures, the rest judged', async (t) => {
    mock = await startMock({ port: 0 });
    const server = await flakyServer(mock.origin, 2);
    servers.push(server);
    const run = await runHarness([...hostileArgs(server.baseUrl, HOSTILE_GREP, mock.tokens.full), '--max-rps', '200']);
    t.diagnostic(describeRun('500 on every other request', run));
    assertEndedWithTransportFailures(run, /server-error/, { everyFailure: false, preflight: 'passes' });
    assert.ok(server.requests >= 2, 'the preflight and the checks reached the server');
  });
});
