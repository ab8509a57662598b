import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareWithBaseline, renderBaselineComparison } from '../../harness/report/baseline';
import type { ConformanceReport, RuleResult } from '../../harness/types';
import { countVerdicts, rule, sampleReport } from './fixtures/sample-report';

function withRules(rules: RuleResult[]): ConformanceReport {
  return { ...sampleReport(), rules, counts: countVerdicts(rules) };
}

const ids = ['auth.token.missing', 'groups.search.rpp.bounds', 'groups.search.page.minimum', 'emails.search.rpp.default'];
const clean = withRules(ids.map((id) => rule(id, id.split('.')[0]!, 'pass')));

test('a run with two extra failing rules names exactly those as newly failing', () => {
  const failing = new Set(['groups.search.rpp.bounds', 'emails.search.rpp.default']);
  const current = withRules(clean.rules.map((r) => (failing.has(r.id) ? { ...r, verdict: 'fail' as const, reason: 'broken' } : r)));
  const comparison = compareWithBaseline(current, clean);
  assert.deepEqual(comparison.newlyFailing.map((c) => c.id).sort(), [...failing].sort());
  assert.deepEqual(comparison.newlyPassing, []);
  assert.equal(comparison.changed.length, 2);
  const text = renderBaselineComparison(comparison);
  assert.match(text, /newly failing \(2\):/);
  assert.match(text, /groups\.search\.rpp\.bounds {2}pass -> fail/);
});

test('the same run compared with itself changes nothing', () => {
  const comparison = compareWithBaseline(clean, clean);
  assert.deepEqual(comparison.changed, []);
  assert.equal(renderBaselineComparison(comparison), 'baseline: no verdict changed');
});

test('fixed rules are newly passing; rules added and removed between runs are named', () => {
  const before = withRules([rule('a.one', 'a', 'fail'), rule('a.two', 'a', 'pass'), rule('a.gone', 'a', 'pass')]);
  const after = withRules([rule('a.one', 'a', 'pass'), rule('a.two', 'a', 'inconclusive'), rule('a.new', 'a', 'skipped')]);
  const comparison = compareWithBaseline(after, before);
  assert.deepEqual(comparison.newlyPassing.map((c) => c.id), ['a.one']);
  assert.deepEqual(comparison.added, ['a.new']);
  assert.deepEqual(comparison.removed, ['a.gone']);
  assert.deepEqual(comparison.changed.map((c) => `${c.id}:${c.before}->${c.after}`).sort(),
    ['a.gone:pass->absent', 'a.new:absent->skipped', 'a.one:fail->pass', 'a.two:pass->inconclusive']);
  const text = renderBaselineComparison(comparison);
  assert.match(text, /other changes \(1\):\n {2}a\.two {2}pass -> inconclusive/);
  assert.match(text, /rules new since the baseline: a\.new/);
  assert.match(text, /rules gone since the baseline: a\.gone/);
});
