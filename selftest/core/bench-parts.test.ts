import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { startMock, TOKEN_VALUES } from '../../mock';
import { replay } from '../../bin/lib/bare-replay';
import { PROBE_DIR_VARIABLE, waitKindOf, type ProbeFile } from '../../bin/lib/bench-probe';
import { endedChildrenCpuSeconds } from '../../bin/lib/children-cpu';
import { spreadOf } from '../../bin/lib/spread';
import { timeAccount } from '../../bin/lib/time-accounts';

const life = { pid: 1, startedAt: 0, exitedAt: 10_000 };

test('should count each moment once: a request in flight is sending, a harness timer with nothing in flight is waiting, the rest other', () => {
  const account = timeAccount({
    ...life,
    requests: [
      { method: 'GET', url: 'http://x/a', headers: {}, start: 1000, end: 2000 },
      { method: 'GET', url: 'http://x/b', headers: {}, start: 1500, end: 2500 },
    ],
    waits: [
      { kind: 'export polls', start: 2000, end: 3000 },
      { kind: 'file lifetime', start: 2800, end: 6000 },
    ],
  });
  assert.equal(account.lifeMs, 10_000);
  assert.equal(account.sendingMs, 1500, 'two overlapping requests are in flight from 1000 to 2500');
  assert.equal(account.waitingMs['export polls'], 500, 'from 2500 (the last request done) to 3000');
  assert.equal(account.waitingMs['file lifetime'], 3000, 'from 3000 to 6000: export polls came first in the overlap');
  assert.equal(account.otherMs, 5000);
});

test('should clip what lies outside the process life', () => {
  const account = timeAccount({ ...life, requests: [{ method: 'GET', url: 'http://x/', headers: {}, start: -500, end: 500 }], waits: [{ kind: 'rate limits', start: 9500, end: 12_000 }] });
  assert.equal(account.sendingMs, 500);
  assert.equal(account.waitingMs['rate limits'], 500);
});

test('should count the CPU of a child and of the child it waited for, and not the time it slept', { skip: endedChildrenCpuSeconds() === undefined && 'no /proc here' }, async () => {
  const before = endedChildrenCpuSeconds()!;
  // A child that sleeps 300 ms, then waits for a grandchild that spins for 400 ms of CPU.
  const spin = 'const end = process.cpuUsage().user + 400e3; while (process.cpuUsage().user < end);';
  const child = `setTimeout(() => require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(spin)}]), 300)`;
  await promisify(execFile)(process.execPath, ['-e', child]);
  const spent = endedChildrenCpuSeconds()! - before;
  assert.ok(spent >= 0.35, `the tree's CPU counted: ${spent} s`);
  assert.ok(spent < 3, `not the wall time or more: ${spent} s`);
});

test('should give the median and the range of repeated figures', () => {
  assert.deepEqual(spreadOf([3, 1, 2]), { median: 2, min: 1, max: 3 });
  assert.deepEqual(spreadOf([4, 1, 2, 3]), { median: 2.5, min: 1, max: 4 });
  assert.ok(Number.isNaN(spreadOf([]).median));
});

test('should replay a request list bare at the given concurrency, every answer read', async () => {
  const mock = await startMock();
  try {
    const headers = { authorization: `Bearer ${TOKEN_VALUES.full}` };
    const requests = [
      ...Array.from({ length: 6 }, () => ({ method: 'GET', path: '/v1/groups/search?rpp=20', headers })),
      { method: 'POST', path: '/v1/groups/search', headers: { ...headers, 'content-type': 'application/json' }, body: '{"rpp":5}' },
      { method: 'GET', path: '/v1/helper/ping', headers: {} },
    ];
    const result = await replay({ origin: mock.origin, concurrency: 3, requests });
    assert.equal(result.requests, 8);
    assert.equal(Object.values(result.statuses).reduce((sum, count) => sum + count, 0), 8);
    assert.equal(result.statuses['0'], undefined, 'every request got an answer');
    assert.ok(result.wallMs > 0);
  } finally {
    await mock.close();
  }
});

test('should tell the kind of a wait by the function that set its timer, in the sources and in a bundle', () => {
  const stack = (name: string, path: string) =>
    `Error\n    at probedTimer (file:///tmp/bench-probe.mjs:80:19)\n    at ${path}:86:60\n    at new Promise (<anonymous>)\n    at ${name} (${path}:86:30)\n    at run (/repo/suites/x.spec.ts:1:1)`;
  const chunk = '/repo/tmp/bundle/0123/chunks/chunk-ABC.js';
  assert.equal(waitKindOf(stack('waitBetweenPolls', '/repo/drivers/export-jobs.ts')), 'export polls');
  assert.equal(waitKindOf(stack('waitBetweenPolls2', chunk)), 'export polls');
  assert.equal(waitKindOf(stack('sleepUntil', chunk)), 'file lifetime');
  assert.equal(waitKindOf(stack('waitForRateLimit', '/repo/harness/core/rate-limit.ts')), 'rate limits');
  assert.equal(waitKindOf(stack('startRequestTimeout', chunk)), 'request timeouts');
  assert.equal(waitKindOf(stack('sleep', '/repo/node_modules/playwright/lib/worker/timeoutManager.js')), undefined);
  assert.equal(waitKindOf(stack('sleepUntilDone', chunk)), undefined, 'a name only begins like one');
});

test('should record, in a process it is loaded into, every request sent and no timer of code outside the harness', async () => {
  const mock = await startMock();
  const dir = mkdtempSync(join(tmpdir(), 'ems-probe-'));
  try {
    const script = `
      import http from 'node:http';
      setTimeout(() => {}, 50);
      await new Promise((resolve) => {
        const request = http.request('${mock.baseUrl}/helper/ping', { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => { response.resume(); response.on('end', resolve); });
        request.end('{}');
      });`;
    // Asynchronously: the child's request is answered by the mock in this process.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(repoPath('bin', 'lib', 'bench-probe.ts')).href, '--input-type=module', '-e', script], {
      env: { ...process.env, [PROBE_DIR_VARIABLE]: dir },
      timeout: 60_000,
    });
    const files = readdirSync(dir);
    assert.equal(files.length, 1);
    const probe = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as ProbeFile;
    assert.equal(probe.requests.length, 1);
    const [request] = probe.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.url, `${mock.baseUrl}/helper/ping`);
    assert.equal(request?.body, '{}');
    assert.equal(request?.headers['content-type'], 'application/json');
    assert.ok(request!.end >= request!.start && request!.start >= probe.startedAt && probe.exitedAt >= request!.end);
    assert.deepEqual(probe.waits, [], 'a timer set outside the harness is not waiting of the harness');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await mock.close();
  }
});
