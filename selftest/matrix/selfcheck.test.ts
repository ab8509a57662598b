import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runAtRoot, TSX } from '../core/support/run';

const selfcheck = (args: string[]) => runAtRoot(TSX, ['bin/selfcheck.ts', ...args]);

describe('bin/selfcheck (the fault matrix)', { timeout: 240_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'ems-matrix-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  test('should catch every fault of two areas with clean baselines, in lanes one worker serves, and end with the totals line', async () => {
    // 10 runs (two baselines, 8 faults) in 3 lanes: each lane's worker serves about three runs, each against its own mock.
    // Exchanges, observations or a target leaking from one run into the next would fail a baseline or miss a fault.
    const json = join(folder, 'matrix.json');
    const finished = await selfcheck(['--area', 'helper.ping', '--area', 'envelope', '--workers', '1', '--json', json]);
    assert.equal(finished.code, 0, finished.stdout + finished.stderr);
    assert.equal(finished.stdout.trim().split('\n').at(-1), '9 passed, 0 failed');
    const faultLines = finished.stdout.split('\n').filter((line) => /^(envelope|helper\.ping)\s+[a-z][a-z0-9-]+\s+\S/.test(line));
    assert.equal(faultLines.length, 8, finished.stdout);
    for (const line of faultLines) assert.match(line, /^\S+\s+\S+\s+caught /, line);
    assert.match(finished.stdout, /^clean run \(the baselines of (auth\+envelope, auth\+envelope\+helper\.ping|auth\+envelope\+helper\.ping, auth\+envelope)\): clean/m);
    assert.match(finished.stdout, /^envelope\s+5\s+5\s+0\s+0$/m);
    assert.match(finished.stdout, /^helper\.ping\s+3\s+3\s+0\s+0$/m);
    const results = JSON.parse(readFileSync(json, 'utf8')) as { passed: number; failed: number; faults: { fault: string; status: string; verdict: string }[] };
    assert.equal(results.passed, 9);
    const ping = results.faults.filter((fault) => fault.fault.startsWith('ping-'));
    assert.deepEqual(ping.map((fault) => [fault.fault, fault.status, fault.verdict]).sort(), [
      ['ping-data-empty', 'caught', 'fail'],
      ['ping-data-empty-every-third', 'caught', 'fail'],
      ['ping-refuses-user-tokens', 'caught', 'fail'],
    ]);
  });

  test('an unknown fault or area, or a bad number, is a usage error', async () => {
    const fault = await selfcheck(['--fault', 'no-such-fault']);
    assert.equal(fault.code, 2);
    assert.match(fault.stderr, /^selfcheck: --fault no-such-fault: unknown fault/);
    const area = await selfcheck(['--area', 'nowhere']);
    assert.equal(area.code, 2);
    assert.match(area.stderr, /^selfcheck: --area nowhere: unknown area; areas are auth, /);
    const workers = await selfcheck(['--workers', '-1']);
    assert.equal(workers.code, 2);
    assert.equal(workers.stderr, 'selfcheck: --workers -1: give a whole number greater than 0\n');
  });
});
