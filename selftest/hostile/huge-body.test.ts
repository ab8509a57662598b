import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createApiClient } from '../../harness/exchanges/client';
import { resolveTarget } from '../../harness/core/config';
import { TransportError } from '../../harness/core/transport-error';
import { assertEndedWithTransportFailures, describeRun, hostileArgs } from './assertions';
import { HOSTILE_GREP, runHarness, SECRET_TOKEN } from './run-harness';
import { hugeBodyServer, type HostileServer } from './servers';

const MIB = 1024 * 1024;
const BODY_BYTES = 512 * MIB;

describe('hostile targets: a body of hundreds of megabytes', { timeout: 120_000 }, () => {
  const servers: HostileServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  for (const declareLength of [false, true]) {
    const how = declareLength ? 'with Content-Length' : 'streamed without Content-Length';
    test(`the client gives up at the body limit (${how}), holding little memory`, async () => {
      const server = await hugeBodyServer(BODY_BYTES, declareLength);
      servers.push(server);
      const target = resolveTarget({ EMS_BASE_URL: server.baseUrl, EMS_TOKEN: SECRET_TOKEN, EMS_MAX_RPS: '1000', EMS_TIMEOUT_MS: '20000' });
      const api = createApiClient(target);
      global.gc?.();
      const before = process.memoryUsage().rss;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const error = await api.call('groups.search').then(() => undefined, (thrown: unknown) => thrown);
        assert.ok(error instanceof TransportError, `a TransportError, got ${String(error)}`);
        assert.equal(error.reason, 'body-too-large');
        assert.match(error.message, /^transport: body-too-large \(over \d+ bytes\) on GET \/groups\/search$/);
      }
      const grownMiB = (process.memoryUsage().rss - before) / MIB;
      assert.ok(grownMiB < 96, `resident memory grew by ${grownMiB.toFixed(0)} MiB`);
      // The server stopped writing soon after the client left: far less than the body was produced.
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(server.bytesSent < 3 * (target.maxBodyBytes + 16 * MIB), `the server wrote ${Math.round(server.bytesSent / MIB)} MiB`);
    });
  }

  test('(e) a run against it ends within its budget with "body-too-large" failures and bounded memory', async (t) => {
    const server = await hugeBodyServer(BODY_BYTES);
    servers.push(server);
    // The body limit, not the clock, must end every request: a limit of 4 MiB that even a loaded machine reads
    // well within a 10 s timeout (with 1 s and 16 MiB, a busy CI machine timed out half of them).
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP, SECRET_TOKEN, 10_000), { EMS_MAX_BODY_BYTES: String(4 * MIB) });
    t.diagnostic(describeRun('huge body', run));
    t.diagnostic(`the server wrote ${Math.round(server.bytesSent / MIB)} MiB over ${server.requests} requests`);
    assertEndedWithTransportFailures(run, /body-too-large \(over 4194304 bytes\)/);
    assert.ok(server.bytesSent < server.requests * 64 * MIB, 'the server stopped writing when the client left');
  });
});
