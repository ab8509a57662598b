import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planLanes } from '../../bin/selfcheck/pool';
import { areaGrep, areas, planMatrix, SHARED_AREAS } from '../../bin/selfcheck/plan';
import { FAULTS } from '../../mock';

/** Every area has a suite file of its own, as suites/ does. */
const filesOf = new Map(areas.map((area) => [area, [`/suites/${area}.spec.ts`]]));
const grepMatches = (grep: string | undefined, rule: string) => new RegExp(grep ?? '(?!)').test(`title @rule:${rule}`);

describe('the fault matrix plan', () => {
  test('should run, for every fault, its own area and the auth and envelope areas, against a baseline of the same selection', () => {
    assert.deepEqual([...SHARED_AREAS].sort(), ['auth', 'envelope']);
    const plan = planMatrix([...FAULTS], filesOf, false);
    assert.deepEqual(plan.untested, []);
    const faultRuns = plan.runs.filter((run) => run.kind === 'fault');
    assert.equal(faultRuns.length, FAULTS.length);
    for (const run of faultRuns) {
      for (const area of [run.area!, ...SHARED_AREAS]) {
        assert.ok(run.areas?.includes(area), `${run.name}: area ${area} not selected (${run.areas})`);
        assert.ok(run.files.includes(`/suites/${area}.spec.ts`), `${run.name}: no suite file of ${area}`);
      }
      for (const rule of ['auth.token.missing', 'auth.token.invalid', 'envelope.shape', 'envelope.error-signal', run.fault!.rule]) {
        assert.ok(grepMatches(run.grep, rule), `${run.name}: its grep leaves out ${rule}`);
      }
      const baseline = plan.runs.filter((other) => other.kind === 'baseline' && other.areas?.join('+') === run.areas?.join('+'));
      assert.equal(baseline.length, 1, `${run.name}: ${baseline.length} baselines of its selection`);
      assert.equal(baseline[0]!.grep, run.grep);
    }
  });

  test('should, without --area or --fault, run every suite once clean and no baseline of its own per selection', () => {
    const plan = planMatrix([...FAULTS], filesOf, true);
    assert.deepEqual(plan.runs.filter((run) => run.kind !== 'fault').map((run) => run.name), ['clean']);
    assert.deepEqual(plan.runs[0]!.files, [...new Set([...filesOf.values()].flat())].sort());
    assert.equal(plan.runs[0]!.grep, undefined, 'the clean run selects every test of every suite');
    assert.equal(plan.runs.filter((run) => run.kind === 'fault').length, FAULTS.length);
  });

  test('should select no rule of an area left out of the selection', () => {
    const grep = areaGrep('exports', ...SHARED_AREAS);
    assert.ok(grepMatches(grep, 'exports.getFile.unknown-key'));
    assert.ok(!grepMatches(grep, 'groups.search.rpp.bounds'));
    assert.ok(!grepMatches(grep, 'envelope.shape.extra'), 'a tag is matched whole');
  });

  test('should run a fault of a shared area on the shared areas once, with one baseline', () => {
    const plan = planMatrix(FAULTS.filter((fault) => fault.rule.startsWith('envelope.') || fault.rule.startsWith('auth.')), filesOf, false);
    assert.deepEqual(plan.runs.filter((run) => run.kind === 'baseline').map((run) => run.name), ['baseline auth+envelope']);
  });

  test('should give every run to exactly one lane, at most three lanes per worker, the clean run heaviest', () => {
    const { runs } = planMatrix([...FAULTS], filesOf, true);
    for (const workers of [1, 2, 4]) {
      const lanes = planLanes(runs, workers);
      assert.ok(lanes.length <= workers * 3 && lanes.length > 0, `${workers} workers: ${lanes.length} lanes`);
      assert.deepEqual(lanes.flat().sort((a, b) => a - b), runs.map((_, index) => index), `${workers} workers`);
      for (const lane of lanes) assert.deepEqual(lane, [...lane].sort((a, b) => a - b), 'a lane keeps plan order');
      // The clean run (every suite) goes first to a lane of its own weight: the lane holding it holds the fewest runs.
      const cleanLane = lanes.find((lane) => lane.includes(0))!;
      assert.equal(cleanLane.length, Math.min(...lanes.map((lane) => lane.length)), `${workers} workers`);
    }
    assert.deepEqual(planLanes(runs.slice(0, 2), 4), [[0], [1]], 'never more lanes than runs');
  });
});
