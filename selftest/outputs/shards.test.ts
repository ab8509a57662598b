import assert from 'node:assert/strict';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bundledCommand, conformance, grepRules, readReport, runDirs, verdictsOf, type RunDirs } from './support';

/**
 * Rules of four areas, among them rules judged on every exchange of the worker (the envelope's), so that each
 * shard judges part of what the whole run does. The rest of groups/search adds only exploration (with the
 * whole area this file took 35 CPU-s, with this selection 27).
 */
const SELECTION = grepRules('helper.ping.', 'schema.helper.ping', 'groups.search.rpp.', 'auth.', 'envelope.');

/** `npm run conformance:merge -- ...args` (from the run bundle, as the script runs it) with the run's folders (EMS_BLOB_DIR, EMS_REPORT_DIR). */
const merge = (args: string[], dirs: RunDirs) => bundledCommand('merge', args, dirs);

const blobFiles = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.zip')).sort();

test('should merge 2 shards into the report of a 1-shard run, rule by rule, and exit as it does', { timeout: 300_000 }, async () => {
  const single = runDirs('shard-single');
  const whole = await conformance(['--grep', SELECTION, '--seed', '11'], single);
  assert.equal(whole.code, 0, whole.stdout.slice(-2000));

  // Each shard runs as on its own CI machine (its own embedded mock and folders); the merge job
  // then gathers their blob-report folders into one folder, as download-artifact does.
  const shards = runDirs('shard-parts');
  for (const index of [1, 2]) {
    const machine = runDirs(`shard-${index}`);
    const part = await conformance(['--grep', SELECTION, '--seed', '11', `--shard=${index}/2`], machine);
    assert.equal(part.code, 0, `shard ${index}/2: ${part.stdout.slice(-2000)}`);
    cpSync(machine.blobs, shards.blobs, { recursive: true });
  }
  const merged = await merge([], shards);
  assert.equal(merged.code, whole.code, merged.stdout.slice(-2000) + merged.stderr);

  const one = readReport(single.reports);
  const two = readReport(shards.reports);
  assert.ok(one.rules.filter((r) => r.verdict === 'pass').length >= 10, 'the selection judged too few rules to compare');
  assert.deepEqual(verdictsOf(two), verdictsOf(one));
  assert.deepEqual(two.counts, one.counts);
  assert.equal(two.target.embeddedMock, true);
  // The same summary as the unsharded run prints.
  const countsLine = (stdout: string) => stdout.split('\n').find((line) => /^\s+\d+ fail, /.test(line));
  assert.ok(countsLine(whole.stdout));
  assert.equal(countsLine(merged.stdout), countsLine(whole.stdout));
});

test('should keep shard 1 blobs through shard 2 on one machine, and exit 1 with the failing rule when a shard failed', { timeout: 300_000 }, async () => {
  // Both shards on one machine, one blob folder: the fault breaks a rule only one shard judges (the rpp.default
  // test alone: with rpp's other tests the explored page sizes show the same fault there too).
  const machine = runDirs('shard-local');
  const args = ['--grep', grepRules('groups.search.rpp.default', 'helper.ping.'), '--seed', '11', '--faults', 'groups-rpp-default-25'];
  const codes: number[] = [];
  for (const index of [1, 2]) {
    const part = await conformance([...args, `--shard=${index}/2`], machine);
    codes.push(part.code);
    assert.ok(part.code === 0 || part.code === 1, `shard ${index}/2 ended ${part.code}: ${part.stderr}`);
  }
  assert.deepEqual(codes.toSorted(), [0, 1], 'the fault failed a rule in exactly one shard');
  assert.deepEqual(blobFiles(machine.blobs).map((name) => name.split('/')[0]), ['shard-1-of-2', 'shard-2-of-2']);

  const merged = await merge([], machine);
  assert.equal(merged.code, 1, merged.stdout.slice(-2000) + merged.stderr);
  assert.match(merged.stdout, /failing \(1\):\n\s+groups\.search\.rpp\.default /);
  assert.equal(readReport(machine.reports).rules.find((r) => r.id === 'groups.search.rpp.default')?.verdict, 'fail');

  // A merge of part of the shards would look like a whole run with the missing shard's rules unjudged: refused.
  rmSync(join(machine.blobs, 'shard-2-of-2'), { recursive: true });
  const partial = await merge([machine.blobs], machine);
  assert.equal(partial.code, 2, partial.stdout);
  assert.match(partial.stderr, /^conformance:merge: shard 2\/2 is missing under .*\n$/);
});
