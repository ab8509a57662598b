import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { conformance, grepRules, playwright, readReport, runDirs, verdictsOf } from './support';

const SELECTION = grepRules('helper.ping.', 'schema.helper.ping', 'groups.search.', 'schema.groups.search', 'auth.', 'envelope.');

test('a 2-shard run merged equals a 1-shard run, rule by rule', { timeout: 300_000 }, async () => {
  const single = runDirs('shard-single');
  const whole = await conformance(['--grep', SELECTION, '--seed', '11'], single);
  assert.equal(whole.code, 0, whole.stdout.slice(-2000));

  // Each shard runs as on its own CI machine (its own embedded mock and folders); the merge job
  // then gathers their blob reports into one folder.
  const shards = runDirs('shard-parts');
  mkdirSync(shards.blobs, { recursive: true });
  for (const index of [1, 2]) {
    const machine = runDirs(`shard-${index}`);
    const part = await conformance(['--grep', SELECTION, '--seed', '11', `--shard=${index}/2`], machine);
    assert.equal(part.code, 0, `shard ${index}/2: ${part.stdout.slice(-2000)}`);
    for (const blob of readdirSync(machine.blobs).filter((f) => f.endsWith('.zip'))) {
      copyFileSync(join(machine.blobs, blob), join(shards.blobs, blob));
    }
  }
  const merged = await playwright(['merge-reports', '--reporter', repoPath('harness', 'report', 'conformance-reporter.ts'), shards.blobs], shards);
  assert.equal(merged.code, 0, merged.stderr);

  const one = readReport(single.reports);
  const two = readReport(shards.reports);
  assert.ok(one.rules.filter((r) => r.verdict === 'pass').length >= 10, 'the selection judged too few rules to compare');
  assert.deepEqual(verdictsOf(two), verdictsOf(one));
  assert.deepEqual(two.counts, one.counts);
  assert.equal(two.target.embeddedMock, true);
});
