/** Drift at the silent points: hand-made observations compared, gated, and carried in JUnit and the HTML page. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareSilentPoints, renderDrift } from '../../harness/report/drift';
import { silentPointsSection } from '../../harness/report/html/silent-points';
import { renderJunit } from '../../harness/report/junit';
import { compareRelease } from '../../harness/report/release-compare';
import { parseFailOn, releaseGate } from '../../harness/report/release-gate';
import { specOperations } from '../../harness/report/rule-basis';
import type { ConformanceReport, SilentPointObservation } from '../../harness/types';
import { HOSTILE, sampleCatalogue, sampleReport } from '../report/fixtures/sample-report';

const point = (id: string, readings: string[], evidence: string[] = []): SilentPointObservation => ({ point: id, sentence: `The sentence that leaves ${id} open.`, readings, evidence });

const before = [
  point('emails.unsent-dateSent', ['absent'], ['draft: dateSent absent']),
  point('paging.totalPages-empty', ['zero']),
  point('groups.tie-order', ['by-id']),
  point('exports.in-progress-blocks', []),
  point('search.case', ['case-blind']),
];
const after = [
  point('emails.unsent-dateSent', ['planned-time'], ['draft: dateSent = planned send time']),
  point('paging.totalPages-empty', ['zero']),
  point('groups.tie-order', []),
  point('exports.in-progress-blocks', ['blocks']),
  point('search.case', ['case-blind', 'exact']),
];

test('drift: points observed in both runs whose readings differ; a point seen in one run only is listed apart', () => {
  const comparison = compareSilentPoints(after, before);
  assert.deepEqual(comparison.drift.map((item) => [item.point, item.before, item.after]), [
    ['emails.unsent-dateSent', ['absent'], ['planned-time']],
    ['search.case', ['case-blind'], ['case-blind', 'exact']],
  ]);
  assert.deepEqual(comparison.drift[0]!.evidenceBefore, ['draft: dateSent absent']);
  assert.deepEqual(comparison.drift[0]!.evidenceAfter, ['draft: dateSent = planned send time']);
  assert.deepEqual(comparison.observedOnce.map((item) => [item.point, item.in]), [['exports.in-progress-blocks', 'this run'], ['groups.tie-order', 'baseline']]);
  assert.deepEqual(comparison.unchanged, ['paging.totalPages-empty']);
  const text = renderDrift(comparison).join('\n');
  assert.match(text, /emails\.unsent-dateSent: absent -> planned-time/);
  assert.match(text, /observed in one run only \(2\), not drift/);
});

test('the same observations twice, in any order, give no drift; reports without observations give none', () => {
  assert.deepEqual(compareSilentPoints([...before].reverse(), before).drift, []);
  assert.deepEqual(compareSilentPoints(undefined, undefined), { drift: [], observedOnce: [], unchanged: [] });
  assert.deepEqual(compareSilentPoints([point('a', ['y', 'x'])], [point('a', ['x', 'y'])]).drift, []);
});

function withPoints(silentPoints: SilentPointObservation[]): ConformanceReport {
  return { ...sampleReport(), rules: [], counts: { pass: 1, fail: 0, error: 0, inconclusive: 0, skipped: 0 }, silentPoints };
}

test('drift gates the run only under --fail-on drift', () => {
  const comparison = compareRelease(withPoints(after), withPoints(before), { operations: specOperations(), currentView: () => undefined });
  const plain = parseFailOn('new');
  const drift = parseFailOn('new,drift');
  if (typeof plain === 'string' || typeof drift === 'string') throw new Error('--fail-on');
  assert.equal(releaseGate(withPoints(after), comparison, plain, 'fail').gating, 0);
  assert.equal(releaseGate(withPoints(after), comparison, drift, 'fail').gating, 2);
  const same = compareRelease(withPoints(before), withPoints(before), { operations: specOperations(), currentView: () => undefined });
  assert.equal(releaseGate(withPoints(before), same, drift, 'fail').gating, 0);
});

test('JUnit carries drift as its own testcases: failures under --fail-on drift, else passing ones with the drift in system-out', () => {
  const { drift, observedOnce } = compareSilentPoints(after, before);
  const record = (failOnDrift: boolean) => ({ ...withPoints(after), drift: { baseline: 'old.json', failOnDrift, points: drift, observedOnce } });
  const warned = renderJunit(record(false), sampleCatalogue.areas);
  assert.match(warned, /<testsuite name="silent-points.drift"/);
  assert.match(warned, /<testcase name="emails.unsent-dateSent" classname="silent-points.drift"/);
  assert.doesNotMatch(warned, /type="drift"/);
  assert.match(warned, /absent -&gt; planned-time|absent -> planned-time/);
  const failed = renderJunit(record(true), sampleCatalogue.areas);
  assert.equal((failed.match(/type="drift"/g) ?? []).length, 2);
  const none = renderJunit({ ...withPoints(before), drift: { baseline: 'old.json', failOnDrift: true, points: [], observedOnce: [] } }, sampleCatalogue.areas);
  assert.match(none, /<testcase name="no drift"/);
});

test('the HTML section lists the points, their readings and the drift, escaped', () => {
  const { drift, observedOnce } = compareSilentPoints(after, before);
  const hostile = [...after, point('hostile.point', ['x'], [HOSTILE])];
  const page = silentPointsSection({ silentPoints: hostile, drift: { baseline: 'old.json', failOnDrift: false, points: drift, observedOnce } }).text;
  assert.match(page, /<section id="silent-points">/);
  assert.match(page, /Drift since old\.json \(2\)/);
  assert.match(page, /<tr class="drifted"><td><code>emails\.unsent-dateSent<\/code>/);
  assert.match(page, /not observed/);
  assert.doesNotMatch(page, /<script>alert/);
  assert.equal(silentPointsSection({}).text, '', 'an older report renders no section');
});
