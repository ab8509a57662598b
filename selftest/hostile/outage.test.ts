/**
 * An outage is not conformance, and a write is never sent twice. The harness runs against the mock through a
 * proxy that drops connections before forwarding and after forwarding (before the answer), answers some requests
 * with a gateway's bare 502 page (some without forwarding, some after), and restarts (its listener closed for a few
 * seconds, every connection cut) in the middle of the run. The run must fail no rule, exit 3 (partial), write the
 * outage section, and forward no write to the mock more often than the harness's own exchanges of it say it sent it
 * (a resend of a write that may have reached the target shows as one exchange forwarded twice).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readRunExchanges } from '../../harness/exchanges';
import { startMock, type RunningMock } from '../../mock';
import { describeRun } from './assertions';
import { runHarness, SECRET_TOKEN } from './run-harness';

/** The paths the documents make writes (harness/contract/writes.ts). */
const WRITE_PATH = /\/(contacts\/import|exports\/emails)(\?|$)/;

/** Rules that send imports and export requests, and the envelope's HTTP status (a gateway's 502 must not fail it). */
const SELECTION = '@rule:(helper\\.ping\\.|contacts\\.import\\.(structure|email|updateExisting|row|results)|exports\\.(request|duplicate)|envelope\\.http-status|groups\\.search\\.(rpp|page)\\.)';

/** What the proxy does to one request. */
type Fault = 'forward' | 'drop-before' | 'drop-after' | 'gateway-before' | 'gateway-after';

/**
 * The faults, by the request's number among its kind (reads and writes counted apart, so that writes meet every
 * fault whatever the reads do): the first of each kind goes through (the preflight), then a fault now and then.
 */
function faultOf(kind: 'read' | 'write', n: number): Fault {
  if (kind === 'write') return (['forward', 'drop-after', 'forward', 'gateway-after', 'drop-before', 'forward', 'gateway-before', 'forward'] as const)[n % 8]!;
  if (n < 3) return 'forward';
  if (n % 29 === 7) return 'drop-before';
  if (n % 29 === 17) return 'drop-after';
  if (n % 31 === 11) return 'gateway-before';
  return 'forward';
}

const GATEWAY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';

interface FaultProxy {
  baseUrl: string;
  /** Requests received, per fault done. */
  faults: Record<Fault, number>;
  /** Writes that reached the mock, per request (method, path and query, body). */
  forwardedWrites: Map<string, number>;
  /** Write requests faulted after they reached the mock. */
  writesFaultedAfterForwarding: number;
  /** Restarts done, and connections refused meanwhile cannot be counted here (nothing listens). */
  restarts: number;
  close(): Promise<void>;
}

/** A keep-alive HTTP proxy in front of the mock that injects faults and restarts once after `restartAfter` requests. */
async function faultProxy(upstream: string, restartAfter: number, downMs: number): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  const counts = { read: 0, write: 0, all: 0 };
  const state: FaultProxy = {
    baseUrl: '',
    faults: { forward: 0, 'drop-before': 0, 'drop-after': 0, 'gateway-before': 0, 'gateway-after': 0 },
    forwardedWrites: new Map(),
    writesFaultedAfterForwarding: 0,
    restarts: 0,
    close: async () => undefined,
  };
  let closed = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const forward = (req: IncomingMessage, body: Buffer, done: (status: number, headers: IncomingMessage['headers'], answer: Buffer) => void, failed: () => void) => {
    const out = httpRequest(new URL(req.url ?? '/', upstream), { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => done(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
    });
    out.on('error', failed);
    out.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const write = WRITE_PATH.test(req.url ?? '');
      const kind = write ? 'write' : 'read';
      const fault = faultOf(kind, counts[kind]++);
      counts.all += 1;
      state.faults[fault] += 1;
      if (counts.all === restartAfter) restart();
      if (fault === 'drop-before') return req.socket.destroy();
      if (fault === 'gateway-before') return gateway(res);
      if (write) {
        const key = `${req.method} ${req.url} ${body.toString('utf8')}`;
        state.forwardedWrites.set(key, (state.forwardedWrites.get(key) ?? 0) + 1);
        if (fault !== 'forward') state.writesFaultedAfterForwarding += 1;
      }
      forward(req, body, (status, headers, answer) => {
        if (fault === 'drop-after') return req.socket.destroy();
        if (fault === 'gateway-after') return gateway(res);
        if (res.destroyed) return;
        res.writeHead(status, headers);
        res.end(answer);
      }, () => req.socket.destroy());
    });
  };

  const gateway = (res: ServerResponse) => {
    if (res.destroyed) return;
    res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(GATEWAY_PAGE) });
    res.end(GATEWAY_PAGE);
  };

  const server = createServer({ keepAlive: true }, handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;

  /** A restart: no listener for downMs (connections refused), every open connection cut; then the same port again. */
  function restart(): void {
    state.restarts += 1;
    server.close();
    for (const socket of sockets) socket.destroy();
    restartTimer = setTimeout(() => {
      if (!closed) server.listen(port, '127.0.0.1');
    }, downMs);
  }

  state.close = () =>
    new Promise<void>((resolve) => {
      closed = true;
      clearTimeout(restartTimer);
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return state;
}

/** The key the proxy gives a write, from the harness's own exchange of it. */
const writeKey = (exchange: { method: string; url: string; requestBody?: string }): string => {
  const url = new URL(exchange.url);
  return `${exchange.method} ${url.pathname}${url.search} ${exchange.requestBody ?? ''}`;
};

describe('an outage through a fault-injecting proxy', { timeout: 400_000 }, () => {
  let mock: RunningMock | undefined;
  let proxy: FaultProxy | undefined;
  const exchangesDir = mkdtempSync(join(tmpdir(), 'ems-outage-exchanges-'));
  after(async () => {
    await proxy?.close();
    await mock?.close();
    rmSync(exchangesDir, { recursive: true, force: true });
  });

  test('drops, gateway 502s and a restart: no rule fails, exit 3 with the outage section, no write sent twice', async (t) => {
    mock = await startMock({ port: 0 });
    proxy = await faultProxy(mock.origin, 150, 3000);
    const run = await runHarness(
      ['--base-url', proxy.baseUrl, '--token', mock.tokens.full, '--allow-writes', '--max-rps', '200', '--timeout-ms', '5000', '--budget-s', '240', '--grep', SELECTION, '--seed', '7'],
      { EMS_RUN_EXCHANGES_DIR: exchangesDir, EMS_KEEP_RUN_EXCHANGES: '1', EMS_REPLAYS: '0', EMS_EXPORT_BUDGET_S: '60' },
      300_000,
    );
    t.diagnostic(describeRun('through the fault-injecting proxy', run));
    t.diagnostic(`proxy: ${JSON.stringify(proxy.faults)}, restarts ${proxy.restarts}, writes faulted after forwarding ${proxy.writesFaultedAfterForwarding}`);
    assert.ok(run.report, `a report was written (exit ${run.code}; stderr: ${run.stderr.slice(-1500)})`);
    const { report } = run;
    t.diagnostic(`outage: ${JSON.stringify(report.outage)}`);

    // The proxy did what the test is about.
    assert.equal(proxy.restarts, 1, 'the proxy restarted mid-run');
    for (const fault of ['drop-before', 'drop-after', 'gateway-before', 'gateway-after'] as const) assert.ok(proxy.faults[fault] > 0, `the proxy did ${fault} at least once`);
    assert.ok(proxy.writesFaultedAfterForwarding > 0, 'some write reached the mock and lost its answer');

    // An outage fails no rule, and makes the run partial.
    const failing = report.rules.filter((rule) => rule.verdict === 'fail').map((rule) => `${rule.id}: ${rule.reason}`);
    assert.deepEqual(failing, [], 'no rule fails on an outage');
    assert.equal(report.counts.error, 0, JSON.stringify(report.rules.filter((rule) => rule.verdict === 'error').map((rule) => [rule.id, rule.reason])));
    assert.ok(report.counts.pass > 0, 'the answers the target gave were judged');
    assert.equal(run.code, 3, `exit 3 (partial), got ${run.code}; stdout: ${run.stdout.slice(-2000)}`);

    // One section for the outage, in conformance.json and on the console.
    const outage = report.outage;
    assert.ok(outage, 'conformance.json has the outage section');
    assert.ok(outage.attempts >= proxy.faults['drop-before'] + proxy.faults['drop-after'], `every dropped connection is an attempt without an answer (${outage.attempts})`);
    assert.ok((outage.reasons.reset ?? 0) > 0 && (outage.reasons.gateway ?? 0) > 0, `reasons: ${JSON.stringify(outage.reasons)}`);
    assert.ok(outage.resent > 0 && outage.recovered > 0, 'reads were sent again, counted, and answered');
    assert.ok(outage.writesUnknown > 0, 'writes that lost their answer are of unknown outcome');
    assert.ok(outage.unanswered > 0 && outage.rules.length > 0, 'some rule is inconclusive on the outage');
    assert.ok(Date.parse(outage.first) <= Date.parse(outage.last));
    assert.ok(Object.keys(outage.operations).some((op) => op === 'contacts.import' || op === 'exports.emails'), JSON.stringify(outage.operations));
    for (const id of outage.rules) {
      const rule = report.rules.find((candidate) => candidate.id === id)!;
      assert.equal(rule.verdict, 'inconclusive');
      assert.match(rule.reason ?? '', /^transport: (reset|unreachable|timeout|gateway)/);
    }
    assert.match(run.stdout, /^outage \(no answer of the target's; decides no rule\): \d+ attempt\(s\)/m);
    assert.match(run.stdout, /\d+ resend\(s\)/);

    // No write reached the mock more often than the harness sent it (each exchange is one request, its resends included).
    const sent = new Map<string, number>();
    const traffic = readRunExchanges(exchangesDir);
    for (const exchange of traffic.exchanges) {
      if (exchange.op !== 'contacts.import' && exchange.op !== 'exports.emails') continue;
      assert.equal(exchange.resent?.some((attempt) => attempt.reason !== 'unreachable') ?? false, false, `a write is sent again only where it never reached the target: ${JSON.stringify(exchange.resent)}`);
      sent.set(writeKey(exchange), (sent.get(writeKey(exchange)) ?? 0) + 1);
    }
    assert.ok(sent.size > 0, 'the harness sent writes');
    const twice = [...proxy.forwardedWrites].filter(([key, forwarded]) => forwarded > (sent.get(key) ?? 0)).map(([key, forwarded]) => `${forwarded}x (sent ${sent.get(key) ?? 0}): ${key.slice(0, 160)}`);
    assert.deepEqual(twice, [], 'no write reached the mock more often than the harness sent it');
    assert.equal(`${run.stdout}${run.stderr}`.includes(SECRET_TOKEN), false);
  });
});
