import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startMock, type RunningMock } from '../../mock';
import { runHarness, SECRET_TOKEN, type HarnessRun } from '../hostile/run-harness';

/**
 * A configuration mistake ends the run at once, before Playwright starts (nothing on stdout, no report
 * prove it): under this many seconds even while other self-tests run beside it on 2 cores.
 */
const QUICK_MS = 15_000;

/** Exit 2, quickly, one line on stderr that says what to fix, nothing on stdout, no stack, no token. */
function assertOneClearLine(run: HarnessRun, says: RegExp): void {
  assert.equal(run.code, 2, `exit ${run.code}; stderr: ${run.stderr}`);
  assert.ok(run.wallMs < QUICK_MS, `ended after ${run.wallMs} ms`);
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${run.stderr}`);
  assert.match(lines[0]!, /^conformance: /);
  assert.match(lines[0]!, says);
  assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
  assert.equal(run.stdout.trim(), '', 'nothing on stdout (Playwright never started)');
  assert.equal(`${run.stdout}${run.stderr}`.includes(SECRET_TOKEN), false, 'the token is never printed');
  assert.equal(run.report, undefined, 'no report');
}

// Each case is its own short process: they run three at a time.
describe('bad configuration: one clear line, exit 2', { timeout: 180_000, concurrency: 3 }, () => {
  let mock: RunningMock;
  let closedPortUrl: string;
  const folder = mkdtempSync(join(tmpdir(), 'ems-bad-config-'));

  before(async () => {
    mock = await startMock({ port: 0 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPortUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
  });
  after(async () => {
    await mock.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('a base URL nobody listens at', async () => {
    const run = await runHarness(['--base-url', closedPortUrl, '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /cannot reach http:\/\/127\.0\.0\.1:\d+\/v1: helper\/ping got unreachable .*ECONNREFUSED.*check --base-url/);
  });

  test('a base URL whose host does not resolve', async () => {
    const run = await runHarness(['--base-url', 'http://ems-target.invalid/v1', '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /cannot reach http:\/\/ems-target\.invalid\/v1: helper\/ping got unreachable .*(ENOTFOUND|EAI_AGAIN).*check --base-url/);
  });

  test('an empty base URL is a mistake, never the embedded mock: as a flag and as a variable', async () => {
    const flag = await runHarness(['--base-url', '', '--token', SECRET_TOKEN]);
    assertOneClearLine(flag, /--base-url is empty: give the API under test with its version segment/);
    // What `EMS_BASE_URL: ${{ vars.EMS_BASE_URL }}` gives a workflow whose repository variable is not set.
    const variable = await runHarness(['--token', SECRET_TOKEN], { EMS_BASE_URL: '' });
    assertOneClearLine(variable, /EMS_BASE_URL is set but empty \(a CI variable that is not defined\?\)/);
  });

  test('a base URL that is no URL', async () => {
    const run = await runHarness(['--base-url', 'localhost:4010', '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /EMS_BASE_URL=localhost:4010 is not an http\(s\) URL/);
  });

  test('a base URL where helper/ping is not found (HTTP 404)', async () => {
    const notFound = createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    await new Promise<void>((resolve) => notFound.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(notFound.address() as AddressInfo).port}`;
      const run = await runHarness(['--base-url', origin, '--token', SECRET_TOKEN]);
      assertOneClearLine(run, /no helper\/ping at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404\): check --base-url \(it includes the version segment/);
      const rest = await runHarness(['--base-url', origin, '--token', SECRET_TOKEN, '--profile', 'rest']);
      assertOneClearLine(rest, /no helper\/ping at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404\): check --base-url/);
    } finally {
      await new Promise((resolve) => notFound.close(resolve));
    }
  });

  test('a token the target refuses', async () => {
    const run = await runHarness(['--base-url', mock.baseUrl, '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /the target refused EMS_TOKEN on helper\/ping \(.+\): check --token/);
  });

  test('an unknown profile name', async () => {
    const run = await runHarness(['--base-url', mock.baseUrl, '--token', SECRET_TOKEN, '--profile', 'servce']);
    assertOneClearLine(run, /EMS_PROFILE=servce: .*unknown built-in profile; built-ins are service, problem-json, rest/);
  });

  test('a profile file that is not JSON', async () => {
    const file = join(folder, 'broken.json');
    writeFileSync(file, '{ "name": "mine", ');
    const run = await runHarness(['--base-url', mock.baseUrl, '--token', SECRET_TOKEN], { EMS_PROFILE: file });
    assertOneClearLine(run, /EMS_PROFILE=.*broken\.json: profile file .*broken\.json: malformed JSON/);
  });

  test('a profile file that does not match the profile schema', async () => {
    const file = join(folder, 'incomplete.json');
    writeFileSync(file, JSON.stringify({ name: 'mine', description: 'no outcome convention' }));
    const run = await runHarness(['--base-url', mock.baseUrl, '--token', SECRET_TOKEN, '--profile', file]);
    assertOneClearLine(run, /EMS_PROFILE=.*incomplete\.json: profile file .*incomplete\.json: .*must have required property/);
  });

  test('a profile file that does not exist', async () => {
    const run = await runHarness(['--base-url', mock.baseUrl, '--token', SECRET_TOKEN, '--profile', join(folder, 'absent.json')]);
    assertOneClearLine(run, /absent\.json: no such file/);
  });

  for (const value of ['abc', '0', '-5', 'Infinity']) {
    test(`EMS_MAX_RPS=${value}`, async () => {
      const run = await runHarness(['--base-url', mock.baseUrl, '--token', SECRET_TOKEN], { EMS_MAX_RPS: value });
      assertOneClearLine(run, new RegExp(`^conformance: EMS_MAX_RPS=${value} must be a number greater than 0$`));
    });
  }

  test('--max-rps given as a flag is checked the same way', async () => {
    const run = await runHarness(['--max-rps', 'fast', '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /^conformance: EMS_MAX_RPS=fast must be a number greater than 0$/);
  });

  test('--max-rps with a negative number says what it expects (not "argument is ambiguous")', async () => {
    const run = await runHarness(['--max-rps', '-3', '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /^conformance: EMS_MAX_RPS=-3 must be a number greater than 0$/);
  });

  test('a flag left without its value names the value it takes', async () => {
    const run = await runHarness(['--max-rps', '--token', SECRET_TOKEN]);
    assertOneClearLine(run, /^conformance: --max-rps needs a value: --max-rps N \(requests per second, greater than 0\)$/);
  });

  for (const shard of ['5/3', '0/2']) {
    test(`--shard ${shard} is one line, not Playwright's stack trace`, async () => {
      const run = await runHarness([`--shard=${shard}`, '--base-url', mock.baseUrl, '--token', SECRET_TOKEN]);
      assertOneClearLine(run, new RegExp(`^conformance: --shard ${shard}: give I/N, part I of N with 1 <= I <= N \\(e\\.g\\. --shard 1/3\\)$`));
    });
  }
});
