/**
 * The recording proxy, driven by a Playwright `request` context: it forwards requests and answers
 * byte-for-byte (compared with the same calls made directly), records them as a HAR with the tokens
 * redacted, and its reports (GET /__ems/report, and on SIGTERM) are the offline judgement of that HAR.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { request, type APIRequestContext } from '@playwright/test';
import { repoPath } from '../../harness/contract';
import { scanForSecrets } from '../../harness/report/secret-scan';
import type { ConformanceReport } from '../../harness/types';
import { startProxy, type ProxiedExchange } from '../../harness/exchanges';
import { startMock, TOKEN_VALUES, type RunningMock } from '../../mock';
import { conformance, readReport, scratch, verdicts } from './support';

const BINARY = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));

/** A target that answers every request with what it received (method, path, headers, body digest), or fixed bytes. */
function startEcho(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/bin') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'x-echo': 'bin' });
        return res.end(BINARY);
      }
      const { host: _host, connection: _connection, ...headers } = req.headers;
      const body = Buffer.concat(chunks);
      res.writeHead(req.url?.startsWith('/status/') ? Number(req.url.slice(8)) : 200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
      // Written in two pieces without a length: the answer goes chunked.
      res.write(JSON.stringify({ method: req.method, url: req.url, headers }).slice(0, 5));
      res.end(`${JSON.stringify({ method: req.method, url: req.url, headers, body: createHash('sha256').update(body).digest('hex') }).slice(5)}`);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) })),
  );
}

interface Call {
  method: string;
  path: string;
  data?: string | Buffer;
  headers?: Record<string, string>;
}

async function exchange(context: APIRequestContext, base: string, call: Call) {
  const response = await context.fetch(`${base}${call.path}`, { method: call.method, headers: call.headers ?? {}, ...(call.data === undefined ? {} : { data: call.data }) });
  return { status: response.status(), body: await response.body(), contentType: response.headers()['content-type'], cookies: response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value) };
}

describe('the proxy forwards byte-for-byte (Playwright request context, direct vs through the proxy)', { timeout: 120_000 }, () => {
  test('requests and answers are the same bytes, binary and chunked included; every exchange is recorded', async () => {
    const echo = await startEcho();
    const recorded: ProxiedExchange[] = [];
    const proxy = await startProxy({ target: echo.url, port: 0, onExchange: (e) => recorded.push(e) });
    // One context each: a cookie the echo sets goes back only on that side's next call.
    const direct = await request.newContext();
    const context = await request.newContext();
    const calls: Call[] = [
      { method: 'GET', path: '/v1/helper/ping?x=1&x=2&y=%C3%A9', headers: { Authorization: 'Bearer SOMETOKENVALUE123', 'X-Custom': 'a, b' } },
      { method: 'POST', path: '/v1/groups/search', data: '{"rpp": 5,  "groupName":"é"}', headers: { 'Content-Type': 'application/json' } },
      { method: 'POST', path: '/v1/contacts/import', data: BINARY, headers: { 'Content-Type': 'application/octet-stream' } },
      { method: 'PUT', path: '/v1/anything', data: 'plain' },
      { method: 'GET', path: '/status/404' },
      { method: 'GET', path: '/bin' },
    ];
    try {
      for (const call of calls) {
        const straight = await exchange(direct, echo.url, call);
        const proxied = await exchange(context, proxy.url, call);
        assert.equal(proxied.status, straight.status, call.path);
        assert.ok(proxied.body.equals(straight.body), `${call.method} ${call.path}: ${proxied.body.toString()} vs ${straight.body.toString()}`);
        assert.equal(proxied.contentType, straight.contentType);
        assert.deepEqual(proxied.cookies, straight.cookies);
      }
    } finally {
      await direct.dispose();
      await context.dispose();
      await proxy.close();
      await echo.close();
    }
    assert.equal(recorded.length, calls.length);
    const binary = recorded.find((e) => e.url.endsWith('/bin'));
    assert.ok(Buffer.isBuffer(binary?.responseBody) && binary.responseBody.equals(BINARY), 'the recording holds the answer bytes');
  });
});

describe('the proxy command records a HAR and its reports are the offline judgement of it', { timeout: 600_000 }, () => {
  const dir = scratch();
  const harFile = join(dir, 'proxy.har');
  const reports = join(dir, 'reports');
  let mock: RunningMock;
  let child: ChildProcess;
  let proxyUrl = '';
  let output = '';

  before(async () => {
    mock = await startMock({ port: 0 });
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_')));
    // node --import tsx, not the tsx CLI: the CLI relays signals with 30 ms waits and SIGKILLs a busy child (exit 143) under load.
    child = spawn(process.execPath, ['--import', 'tsx', 'bin/proxy.ts', '--target', mock.origin, '--port', '0', '--har-out', harFile, '--workers', '1'], {
      cwd: repoPath(),
      detached: true,
      env: { ...env, EMS_REPORT_DIR: reports, EMS_TEST_RESULTS_DIR: join(dir, 'test-results'), CI: '1' },
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    proxyUrl = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the proxy did not start: ${output}`)), 60_000);
      child.stdout?.on('data', () => {
        const match = /^proxy: (http:\/\/\S+) ->/m.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
  });

  after(async () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // ended already
    }
    await mock.close();
  });

  test('a client suite through the proxy; GET /__ems/report; SIGTERM', async () => {
    const context = await request.newContext({ baseURL: `${proxyUrl}/v1/`, extraHTTPHeaders: { Authorization: `Bearer ${mock.tokens.full}` } });
    try {
      assert.equal((await context.get('helper/ping')).status(), 200);
      for (const rpp of [1, 5, 250, 0, 251]) await context.get(`groups/search?rpp=${rpp}`);
      await context.post('groups/search', { data: { rpp: 3, sortField: 'groupID', sortDirection: 'desc' } });
      await context.get('emails/search?rpp=10&sortField=emailID&sortDirection=asc');
      await context.get(`helper/ping?accessToken=${mock.tokens.noGroups}`, { headers: { Authorization: '' } });
      await context.get('/elsewhere/page.html');
    } finally {
      await context.dispose();
    }
    const answer = await fetch(`${proxyUrl}/__ems/report`);
    const result = (await answer.json()) as { har: string; exchanges: number; exit: number; reports: string };
    assert.equal(answer.status, 200);
    assert.equal(result.har, harFile);
    assert.equal(result.exchanges, 10);

    // The reports the proxy wrote are the offline judgement of its HAR.
    const proxied = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as ConformanceReport;
    const offline = await conformance(['--har', harFile]);
    assert.equal(offline.code, result.exit, offline.stderr);
    const offlineReport = readReport(offline);
    assert.deepEqual(verdicts(proxied), verdicts(offlineReport));
    assert.equal(proxied.mode, 'traffic');
    assert.deepEqual(proxied.traffic, { sources: [{ file: 'proxy.har', entries: 10, kept: 9, dropped: { 'other host or path': 1 } }], exchanges: 9 });
    const decided = [...verdicts(proxied)].filter(([, v]) => v.verdict === 'pass' || v.verdict === 'fail');
    assert.ok(decided.length > 3, `the recording decides some rules: ${decided.map(([rule]) => rule).join(', ')}`);

    // No token in the HAR nor in any report (the repository's secret scan, zips included).
    const secrets = Object.entries(TOKEN_VALUES).map(([name, value]) => ({ name, value }));
    assert.deepEqual(scanForSecrets([dir], secrets), []);
    const har = readFileSync(harFile, 'utf8');
    assert.match(har, /Bearer token#1/);
    assert.match(har, /accessToken=token%232"/);

    // SIGTERM: the HAR and the reports again, and the judgement's exit code.
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, result.exit, output);
  });
});
