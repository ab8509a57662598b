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
    const run = await runHarness(hostileArgs(server.baseUrl, HOSTILE_GREP));
    t.diagnostic(describeRun('huge body', run));
    t.diagnostic(`the server wrote ${Math.round(server.bytesSent / MIB)} MiB over ${server.requests} requests`);
    // On a loaded machine a request may run out of its 1 s before the body reaches the limit: a timeout is a
    // transport failure as good, but the body limit must be what ends most of them.
    assertEndedWithTransportFailures(run, /(?:body-too-large|timeout after \d+ ms)/);
    const failures = run.report!.rules.filter((rule) => rule.verdict === 'fail');
    const atLimit = failures.filter((rule) => /body-too-large/.test(rule.reason ?? ''));
    assert.ok(atLimit.length * 2 > failures.length, `${atLimit.length} of ${failures.length} failures name body-too-large`);
    assert.ok(server.bytesSent < server.requests * 64 * MIB, 'the server stopped writing when the client left');
  });
});
