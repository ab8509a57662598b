import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conformance, grepRules, readReport, runDirs } from './support';

// Two faults in two areas; the selection covers both areas and one more that must stay clean.
const FAULTS = { 'ping-data-empty': 'schema.helper.ping', 'groups-rpp-clamped': 'groups.search.rpp.bounds' };
const SELECTION = grepRules('helper.ping.', 'schema.helper.ping', 'groups.search.rpp.', 'groups.search.page.', 'auth.token.');

test('a run with two mock faults, compared with a clean baseline, names exactly those rules as new failures', { timeout: 240_000 }, async () => {
  const clean = runDirs('baseline-clean');
  const cleanRun = await conformance(['--grep', SELECTION, '--seed', '7'], clean);
  assert.equal(cleanRun.code, 0, `the clean run failed:\n${cleanRun.stdout.slice(-2000)}`);
  const baselineFile = `${clean.reports}/conformance.json`;

  const faulty = runDirs('baseline-faulty');
  const faultyRun = await conformance(
    ['--grep', SELECTION, '--seed', '7', '--faults', Object.keys(FAULTS).join(','), '--baseline', baselineFile, '--fail-on', 'new'],
    faulty,
  );
  assert.equal(faultyRun.code, 1, 'new failures must fail the gate under --fail-on new');
  const newly = /newly failing:\n((?: {2}.+\n?)+)/.exec(faultyRun.stdout)?.[1] ?? '';
  const named = [...newly.matchAll(/^ {2}(\S+):/gm)].map((m) => m[1]).sort();
  assert.deepEqual(named, Object.values(FAULTS).sort(), faultyRun.stdout.slice(-3000));

  // The same run without the faults, gated on new failures only, passes against that baseline.
  const again = runDirs('baseline-again');
  const againRun = await conformance(['--grep', SELECTION, '--seed', '7', '--baseline', baselineFile, '--fail-on', 'new'], again);
  assert.equal(againRun.code, 0, againRun.stdout.slice(-2000));
  assert.equal(readReport(again.reports).counts.fail, 0);
});
