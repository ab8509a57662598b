import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { areaOf } from '../../bin/selfcheck/plan';
import { baselineOfSelection, judgeFault, type RunOutcome } from '../../bin/selfcheck/verdict-diff';
import type { ConformanceReport, VerdictKind } from '../../harness/types';
import { FAULTS } from '../../mock';

const SELECTION = ['auth', 'envelope', 'groups.search'];
const fault = FAULTS.find((candidate) => candidate.name === 'groups-rpp-clamped')!;

/** A report of every catalogued rule: the selection's rules with these verdicts (pass unless named), the others as `others`. */
function outcome(others: VerdictKind, verdicts: Record<string, VerdictKind> = {}): RunOutcome {
  const rules = [...areaOf].map(([id, area]) => ({
    id,
    area,
    verdict: verdicts[id] ?? (SELECTION.includes(area) ? 'pass' : others),
    reason: SELECTION.includes(area) ? 'judged' : 'not selected in this run',
    evidence: [],
    tolerated: [],
    requests: 0,
    tests: [],
  }));
  return { report: { rules } as unknown as ConformanceReport, durationMs: 1 };
}

describe('the fault matrix judgement against the clean run of every suite', () => {
  const clean = outcome('pass');
  const selectionBaseline = outcome('skipped');

  test('should cut the clean run to the selection: its rules as judged, every other rule skipped', () => {
    const cut = baselineOfSelection(clean, SELECTION);
    assert.deepEqual(
      cut.report!.rules.map((rule) => [rule.id, rule.verdict]),
      selectionBaseline.report!.rules.map((rule) => [rule.id, rule.verdict]),
    );
    assert.equal(clean.report!.rules.filter((rule) => rule.verdict === 'skipped').length, 0, 'the clean run itself is left as it was');
  });

  test('should judge a fault run as against a clean run of its own selection', () => {
    const caught = outcome('skipped', { [fault.rule]: 'fail', 'groups.search.rpp.default': 'fail' });
    const cut = judgeFault(fault, 'groups.search', areaOf, baselineOfSelection(clean, SELECTION), caught);
    assert.deepEqual(cut, judgeFault(fault, 'groups.search', areaOf, selectionBaseline, caught));
    assert.equal(cut.status, 'caught');
    assert.deepEqual(cut.notes, [{ rule: 'groups.search.rpp.default', before: 'pass', after: 'fail' }]);
    assert.deepEqual(cut.sideChanges, []);
  });

  test('should still see a fault that bends a shared area, and a fault that misses its rule', () => {
    const bends = judgeFault(fault, 'groups.search', areaOf, baselineOfSelection(clean, SELECTION), outcome('skipped', { [fault.rule]: 'fail', 'envelope.shape': 'inconclusive' }));
    assert.equal(bends.status, 'over-reported');
    assert.deepEqual(bends.overReported, [{ rule: 'envelope.shape', before: 'pass', after: 'inconclusive' }]);
    const missed = judgeFault(fault, 'groups.search', areaOf, baselineOfSelection(clean, SELECTION), outcome('skipped'));
    assert.equal(missed.status, 'missed');
  });

  test('should leave a clean run without a report as it is (the fault is then an error)', () => {
    const broken: RunOutcome = { error: 'playwright exited with code 1', durationMs: 0 };
    const judged = judgeFault(fault, 'groups.search', areaOf, baselineOfSelection(broken, SELECTION), outcome('skipped', { [fault.rule]: 'fail' }));
    assert.equal(judged.status, 'error');
  });
});
