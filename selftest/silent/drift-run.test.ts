/**
 * Drift end to end: the mock with its default readings, then the same mock again and the mock with the alt
 * readings, each against the first run as baseline (the groups/search rules: their answers show a dozen silent
 * points). The same target twice gives no drift; the alt mock drifts exactly at points whose readings the
 * catalogue gives differently for default and alt, with no verdict changed, and fails only under --fail-on drift.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadSilentPoints } from '../../harness/contract';
import { readReport, runConformance } from '../core/support/run';

const SELECTION = ['--grep', '@rule:groups\\.search', '--seed', '515151'];

test('should report drift exactly where the readings differ, and none for the same target twice', async () => {
  const first = await runConformance(SELECTION);
  assert.equal(first.code, 0, first.stdout.slice(-2000));
  const baseline = join(first.reportDir, 'conformance.json');
  const [again, alt] = await Promise.all([
    runConformance([...SELECTION, '--baseline', baseline, '--fail-on', 'drift']),
    runConformance([...SELECTION, '--baseline', baseline, '--fail-on', 'drift'], { EMS_MOCK_VARIANT: 'alt' }),
  ]);
  assert.equal(again.code, 0, `the same target twice: no drift, exit 0\n${again.stdout.slice(-2000)}`);
  assert.equal(readReport(again).drift?.points.length ?? 0, 0);

  const drifted = readReport(alt).drift?.points ?? [];
  assert.ok(drifted.length >= 3, `the alt readings drift at several points: ${JSON.stringify(drifted.map((d) => d.point))}`);
  const differing = new Set(loadSilentPoints().points.filter((point) => point.mock && point.mock.default !== point.mock.alt).map((point) => point.id));
  for (const drift of drifted) assert.ok(differing.has(drift.point), `${drift.point} drifted, though the catalogue gives the mock one reading there`);
  assert.equal(alt.code, 1, '--fail-on drift fails the run');
  const base = readReport(first);
  const after = readReport(alt);
  for (const rule of after.rules) assert.equal(rule.verdict, base.rules.find((r) => r.id === rule.id)?.verdict, `${rule.id}: no verdict changes between the readings`);
});
