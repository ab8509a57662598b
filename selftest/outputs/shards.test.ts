import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { conformance, grepRules, playwright, readReport, runDirs, verdictsOf } from './support';

const SELECTION = grepRules('helper.ping.', 'schema.helper.ping', 'groups.search.', 'schema.groups.search', 'auth.', 'envelope.');

test('a 2-shard run merged equals a 1-shard run, rule by rule', { timeout: 300_000 }, async () => {
  const single = runDirs('shard-single');
  const whole = await conformance(['--grep', SELECTION, '--seed', '11'], single);
  assert.equal(whole.code, 0, whole.stdout.slice(-2000));

  const shards = runDirs('shard-parts');
  for (const shard of ['1/2', '2/2']) {
    const part = await conformance(['--grep', SELECTION, '--seed', '11', '--shard', shard], { ...shards, reports: `${shards.root}/reports-${shard[0]}` });
    assert.ok(part.code === 0, `shard ${shard}: ${part.stdout.slice(-2000)}`);
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
