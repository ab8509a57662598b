import './support/nock-on-node20';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, describe, test } from 'node:test';
import nock from 'nock';
import { createApiClient } from '../../harness/exchanges/client';
import { TransportError } from '../../harness/core/transport-error';
import { READ_RESEND_WAITS_MS } from '../../harness/core/resend';
import type { TransportFailureReason } from '../../harness/types';
import { recordingRecorder } from './support/recorder';
import { testTarget } from './support/target';

const ORIGIN = 'http://ems.test';
afterEach(() => nock.cleanAll());
after(() => nock.restore());

async function transportFailure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TransportError) return error;
    throw error;
  }
  assert.fail('expected a TransportError');
}

function expectReason(error: TransportError, reason: TransportFailureReason, message: RegExp) {
  assert.equal(error.reason, reason);
  assert.match(error.message, message);
  assert.equal(error.message.includes('\n'), false, 'one line');
  assert.equal(error.evidence.response?.transport, reason);
  assert.match(error.evidence.curl ?? '', /^curl -sS -X GET /);
}

describe('transport failures (intercepted)', () => {
  test('timeout', async () => {
    nock(ORIGIN).get('/v1/helper/ping').delay(500).reply(200, {});
    const error = await transportFailure(createApiClient(testTarget({ EMS_TIMEOUT_MS: '100' })).call('helper.ping'));
    expectReason(error, 'timeout', /^transport: timeout after 100 ms on GET \/helper\/ping$/);
  });

  test('reset: a read is sent again, each resend counted, until the failure stands', async () => {
    const reset = nock(ORIGIN).get('/v1/helper/ping').times(1 + READ_RESEND_WAITS_MS.length).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const { recorder, recorded } = recordingRecorder();
    const error = await transportFailure(createApiClient(testTarget(), { recorder }).call('helper.ping'));
    expectReason(error, 'reset', /^transport: reset \(ECONNRESET: socket hang up\) on GET \/helper\/ping$/);
    assert.deepEqual(recorded.failures, [error], 'the recorder learns of the failure');
    assert.ok(reset.isDone(), 'every attempt was sent');
    assert.equal(error.response.resent?.length, READ_RESEND_WAITS_MS.length, 'the exchange counts its resends');
    assert.equal(error.response.outcomeUnknown, undefined, 'a read has no unknown outcome');
  });

  test('a target whose last request went unanswered through every resend is not resent to until it answers again', async () => {
    const target = testTarget();
    const client = createApiClient(target);
    const reset = () => nock(ORIGIN).get('/v1/helper/ping').replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const pong = () => nock(ORIGIN).get('/v1/helper/ping').reply(200, { success: 1, code: 0, errors: [], data: { message: 'pong' } });
    for (let i = 0; i <= READ_RESEND_WAITS_MS.length; i++) reset();
    await transportFailure(client.call('helper.ping'));
    // Down: one attempt, no wait.
    reset();
    const waiting = pong();
    const started = Date.now();
    const down = await transportFailure(client.call('helper.ping'));
    assert.equal(down.response.resent, undefined);
    assert.ok(Date.now() - started < READ_RESEND_WAITS_MS[0], 'no resend wait while the target is down');
    // It answers again: resends resume.
    assert.equal((await client.call('helper.ping')).outcome, 'success', 'the waiting answer');
    assert.ok(waiting.isDone());
    reset();
    pong();
    assert.deepEqual((await client.call('helper.ping')).resent?.map((attempt) => attempt.reason), ['reset']);
  });

  test('reset, then an answer: the read is answered, its resend counted on the exchange', async () => {
    nock(ORIGIN).get('/v1/helper/ping').replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    nock(ORIGIN).get('/v1/helper/ping').reply(200, { success: 1, code: 0, errors: [], data: { message: 'pong' } });
    const response = await createApiClient(testTarget()).call('helper.ping');
    assert.equal(response.outcome, 'success');
    assert.deepEqual(response.resent?.map((attempt) => attempt.reason), ['reset']);
  });

  test('a write that may have reached the target is never sent again: its outcome is unknown', async () => {
    for (const failure of ['reset', 'gateway'] as const) {
      const sent = failure === 'reset'
        ? nock(ORIGIN).post('/v1/contacts/import').replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
        : nock(ORIGIN).post('/v1/contacts/import').reply(502, '<html>Bad Gateway</html>', { 'Content-Type': 'text/html' });
      const again = nock(ORIGIN).post('/v1/contacts/import').reply(200, { success: 1, code: 0, errors: [], data: {} });
      const response = await createApiClient(testTarget()).call('contacts.import', { params: { contacts: [{ email: 'a@example.com' }] }, allowTransportFailure: true });
      assert.ok(sent.isDone());
      assert.equal(again.isDone(), false, `a ${failure} write was sent twice`);
      assert.equal(response.transport?.reason, failure);
      assert.equal(response.outcomeUnknown, true);
      assert.equal(response.resent, undefined);
      nock.cleanAll();
    }
  });

  test('a gateway\'s 502 page is an outage (reason gateway); a read is sent again', async () => {
    nock(ORIGIN).get('/v1/helper/ping').reply(502, '<html>Bad Gateway</html>', { 'Content-Type': 'text/html' });
    nock(ORIGIN).get('/v1/helper/ping').reply(200, { success: 1, code: 0, errors: [], data: { message: 'pong' } });
    const response = await createApiClient(testTarget()).call('helper.ping');
    assert.equal(response.outcome, 'success');
    assert.deepEqual(response.resent?.map((attempt) => attempt.reason), ['gateway']);
  });

  test('not-json', async () => {
    nock(ORIGIN).get('/v1/helper/ping').reply(200, '<html>oops</html>', { 'Content-Type': 'text/html' });
    const error = await transportFailure(createApiClient(testTarget()).call('helper.ping'));
    expectReason(error, 'not-json', /^transport: not-json \(HTTP 200, content-type text\/html, body starts "<html>oops<\/html>"\) on GET/);
  });

  test('server-error', async () => {
    nock(ORIGIN).get('/v1/helper/ping').reply(503, { success: 0 });
    const error = await transportFailure(createApiClient(testTarget()).call('helper.ping'));
    expectReason(error, 'server-error', /^transport: server-error \(HTTP 503\) on GET \/helper\/ping$/);
  });

  test('allowTransportFailure returns the failure as outcome "transport"', async () => {
    nock(ORIGIN).get('/v1/helper/ping').reply(500, 'internal error');
    const response = await createApiClient(testTarget()).call('helper.ping', { allowTransportFailure: true });
    assert.equal(response.outcome, 'transport');
    assert.deepEqual(response.transport, { reason: 'server-error', detail: '(HTTP 500)' });
    assert.equal(response.status, 500);
    assert.equal(response.resent, undefined, 'an answer of the target\'s is not sent again');
  });
});

describe('transport failures (real sockets)', () => {
  const servers: Server[] = [];
  after(() => servers.forEach((server) => server.close()));
  async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  test('unreachable: nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    nock.enableNetConnect('127.0.0.1');
    const error = await transportFailure(createApiClient(testTarget({ EMS_BASE_URL: `http://127.0.0.1:${port}/v1` })).call('helper.ping'));
    expectReason(error, 'unreachable', /^transport: unreachable \(ECONNREFUSED/);
  });

  test('body-too-large: an endless body is abandoned at the cap, memory stays bounded', async () => {
    let sent = 0;
    let stoppedReading = false;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const pump = () => {
        while (sent < 2 ** 31) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (stoppedReading = true));
      pump();
    });
    nock.enableNetConnect('127.0.0.1');
    const rssBefore = process.memoryUsage().rss;
    const cap = 4 * 1024 * 1024;
    const error = await transportFailure(createApiClient(testTarget({ EMS_BASE_URL: baseUrl, EMS_MAX_BODY_BYTES: String(cap) })).call('helper.ping'));
    expectReason(error, 'body-too-large', /^transport: body-too-large \(over 4194304 bytes\) on GET \/helper\/ping$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(stoppedReading, 'the connection was closed');
    assert.ok(sent < 64 * 1024 * 1024, `the server got to send only a little beyond the cap (${sent} bytes)`);
    assert.ok(process.memoryUsage().rss - rssBefore < 64 * 1024 * 1024, 'memory stayed bounded');
  });

  test('body-too-large: a declared Content-Length over the cap is refused before reading', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(10 * 1024 * 1024) });
      res.write('{');
    });
    nock.enableNetConnect('127.0.0.1');
    const error = await transportFailure(createApiClient(testTarget({ EMS_BASE_URL: baseUrl, EMS_MAX_BODY_BYTES: '1024' })).call('helper.ping'));
    expectReason(error, 'body-too-large', /over 1024 bytes/);
  });

  test('reset: the server closes the connection mid-body', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"success": 1');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    nock.enableNetConnect('127.0.0.1');
    const error = await transportFailure(createApiClient(testTarget({ EMS_BASE_URL: baseUrl })).call('helper.ping'));
    expectReason(error, 'reset', /^transport: reset /);
  });
});

describe('a kept-alive connection the server already closed', () => {
  test('should send the request again on a new connection, once, and read the answer', async () => {
    // The second request on a connection is dropped unanswered (what a server closing an idle socket does as the request arrives).
    let connections = 0;
    const server = createServer((req, res) => {
      const seen = ((req.socket as { seen?: number }).seen = ((req.socket as { seen?: number }).seen ?? 0) + 1);
      if (seen > 1) return req.socket.destroy();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'R' }));
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const api = createApiClient(testTarget({ EMS_BASE_URL: `http://127.0.0.1:${port}/v1` }));
      assert.equal((await api.call('helper.ping')).outcome, 'success');
      assert.equal((await api.call('helper.ping')).outcome, 'success', 'the dropped request is sent again, not reported as a reset');
      assert.equal(connections, 2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
