import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { startMock } from '../../mock';
import { readReport, runAtRoot, runConformance as conformance, TSX } from './support/run';

const SECRET = 'F00DFACE-0000-4000-8000-0000000000AA';

describe('bin/conformance', { timeout: 180_000 }, () => {
  test('a configuration error is one line and exit 2', async () => {
    const finished = await conformance(['--max-rps', 'abc']);
    assert.equal(finished.code, 2);
    assert.equal(finished.stderr, 'conformance: EMS_MAX_RPS=abc must be a number greater than 0\n');
  });

  test('an unknown flag is one line and exit 2', async () => {
    const finished = await conformance(['--tokn', SECRET]);
    assert.equal(finished.code, 2);
    assert.match(finished.stderr, /^conformance: Unknown option '--tokn'/);
    assert.equal(finished.stderr.trim().split('\n').length, 1);
  });

  test('an unreachable target stops the run before Playwright, naming no token', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const finished = await conformance(['--base-url', `http://127.0.0.1:${port}/v1`, '--token', SECRET]);
    assert.equal(finished.code, 2);
    assert.match(finished.stderr, /^conformance: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1: helper\/ping got unreachable/);
    assert.equal((finished.stdout + finished.stderr).includes(SECRET), false);
  });

  test('a refused token stops the run before Playwright', async () => {
    const mock = await startMock({ port: 0 });
    try {
      const finished = await conformance(['--base-url', mock.baseUrl, '--token', SECRET]);
      assert.equal(finished.code, 2);
      assert.match(finished.stderr, /^conformance: the target refused EMS_TOKEN on helper\/ping \(.+\): check --token\n$/);
      assert.equal((finished.stdout + finished.stderr).includes(SECRET), false);
    } finally {
      await mock.close();
    }
  });

  test('a run against the embedded mock prints the summary and exits 0 when no rule fails', async () => {
    const finished = await conformance(['--grep', '@rule:helper.ping.accepts-token', '--seed', '5']);
    assert.equal(finished.code, 0, finished.stdout + finished.stderr);
    assert.match(finished.stdout, /conformance: http:\/\/127\.0\.0\.1:\d+\/v1 \(profile service/);
    assert.match(finished.stdout, /seed 5/);
    const rules = readReport(finished).rules;
    const judged = rules.find((rule) => rule.id === 'helper.ping.accepts-token');
    assert.equal(judged?.verdict, 'pass');
    assert.equal(typeof judged?.durationMs, 'number', 'the time of the test that declared it');
    assert.equal(rules.find((rule) => rule.id === 'groups.search.rpp.bounds')?.durationMs, undefined, 'no test declared it');
  });
});

describe('bin/bench', { timeout: 120_000 }, () => {
  test('--no-run measures the client overhead on the operations of the spec', async () => {
    const finished = await runAtRoot(TSX, ['bin/bench.ts', '--no-run', '--requests', '4']);
    assert.equal(finished.code, 0, finished.stdout + finished.stderr);
    assert.match(finished.stdout, /^helper\/ping \(.+\)\s+[\d.]+ ms\s+[\d.]+ ms\s+[+-][\d.]+ ms$/m);
    assert.match(finished.stdout, /^emails\/search rpp=250 \(\d+ records, [\d.]+ KB\)/m);
  });

  test('a bad number is a usage error', async () => {
    const finished = await runAtRoot(TSX, ['bin/bench.ts', '--requests', '-2']);
    assert.equal(finished.code, 2);
    assert.equal(finished.stderr, 'bench: --requests -2: give a whole number greater than 0\n');
  });
});

// A whole bench on one rule: three conformance commands (the run, the empty run) and the replay, slow on a loaded machine.
describe('bin/bench, the profile', { timeout: 900_000 }, () => {
  test('prints the profile of a run, its floor and the ratio run / floor, of a target that breaks a rule (--faults) too', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ems-bench-'));
    const json = join(folder, 'bench.json');
    const finished = await runAtRoot(TSX, ['bin/bench.ts', '--repeat', '1', '--grep', '@rule:(helper|schema\\.helper)\\.ping', '--faults', 'ping-data-empty', '--requests', '4', '--json', json]);
    const text = existsSync(json) ? readFileSync(json, 'utf8') : '{}';
    rmSync(folder, { recursive: true, force: true });
    assert.equal(finished.code, 0, finished.stdout + finished.stderr);
    for (const line of [/^wall time .+ [\d.]+ s /m, /^floor: the same requests, bare keep-alive client/m, /^floor: the runner with one empty test/m, /^run \/ floor\s+[\d.]+/m, /^  sending: a request in flight/m, /^compile the spec's schemas/m, /^helper\.ping\s+\d+\s/m, /verdicts of the median run: 1 fail, /]) {
      assert.match(finished.stdout, line);
    }
    const figures = JSON.parse(text) as { repetitions: { run: { requests: number }; floor: { replay: { requests: number; statuses: Record<string, number> } } }[] };
    const [repetition] = figures.repetitions;
    assert.ok(repetition && repetition.run.requests > 0);
    assert.equal(repetition.floor.replay.requests, repetition.run.requests, 'the floor replays every request of the run');
    assert.equal(repetition.floor.replay.statuses['0'], undefined, 'and each got an answer');
  });
});
