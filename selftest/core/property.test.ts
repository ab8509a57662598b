import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { ApiResponse } from '../../harness/core/api-response';
import { Judge } from '../../harness/core/judge';
import { TransportError } from '../../harness/core/transport-error';

const RULE = 'groups.search.rpp.bounds';
const judgeWith = (extra: { seed?: number; path?: string } = {}) =>
  new Judge([RULE], { capabilities: new Set(), seed: extra.seed ?? 42, runs: 50, deadline: Date.now() + 60_000, ...(extra.path ? { path: extra.path } : {}) });
const only = (judge: Judge) => {
  const [verdict, ...rest] = judge.verdicts();
  assert.equal(rest.length, 0);
  assert.ok(verdict);
  return verdict;
};

const timedOut = (): TransportError => {
  const response = {
    op: 'groups.search', method: 'GET', url: 'http://ems.test/v1/groups/search', params: {}, outcome: 'transport',
    transport: { reason: 'timeout', detail: 'after 10 ms' }, body: undefined, payload: undefined, errors: [],
    validation: { issues: [], tolerated: [] }, curl: "curl -sS -X GET 'http://ems.test/v1/groups/search'", durationMs: 10,
  } satisfies ApiResponse;
  return new TransportError(response, '/groups/search');
};

describe('judge.property', () => {
  test('a failing property reports seed, path, the shrunk counterexample, expected vs actual and a replay line', async () => {
    const judge = judgeWith();
    await judge.property(RULE, fc.integer({ min: 0, max: 1000 }), (rpp, sample) => {
      sample.expect(rpp < 50, { title: 'rpp is refused above 49', expected: 'refused', actual: rpp });
    });
    const verdict = only(judge);
    assert.equal(verdict.verdict, 'fail');
    assert.equal(verdict.property?.counterexample, 50);
    assert.equal(verdict.property?.seed, 42);
    assert.match(verdict.property?.path ?? '', /^\d+(:\d+)*$/);
    assert.equal(verdict.property?.replay, `EMS_SEED=42 EMS_PATH=${verdict.property?.path} npm run conformance -- --grep @rule:${RULE}`);
    assert.deepEqual(verdict.evidence, [{ title: 'rpp is refused above 49', expected: 'refused', actual: 50 }]);
    assert.match(verdict.reason ?? '', /counterexample 50/);

    const replay = judgeWith({ seed: verdict.property?.seed, path: verdict.property?.path });
    let runs = 0;
    await replay.property(RULE, fc.integer({ min: 0, max: 1000 }), (rpp, sample) => {
      runs += 1;
      sample.expect(rpp < 50, { title: 'again', actual: rpp });
    });
    assert.equal(only(replay).property?.counterexample, 50);
    assert.ok(runs <= 2, `the replay goes straight to the counterexample (${runs} runs)`);
  });

  test('a property that judged every sample passes with its counts', async () => {
    const judge = judgeWith();
    await judge.property(RULE, fc.integer(), (value, sample) => {
      if (value % 2 === 0) sample.inconclusive('even');
      sample.expect(true, { title: 'ok' });
    }, { numRuns: 40 });
    const verdict = only(judge);
    assert.equal(verdict.verdict, 'pass');
    assert.equal((verdict.samples?.judged ?? 0) + (verdict.samples?.inconclusive ?? 0), 40);
  });

  test('a property with no judged sample is inconclusive with the reasons, never pass', async () => {
    const judge = judgeWith();
    await judge.property(RULE, fc.nat(), (_value, sample) => sample.inconclusive('the target holds no groups'), { numRuns: 10 });
    const verdict = only(judge);
    assert.equal(verdict.verdict, 'inconclusive');
    assert.equal(verdict.reason, 'no sample could be judged: the target holds no groups');
    assert.deepEqual(verdict.samples, { judged: 0, inconclusive: 10 });
  });

  test('a transport error stops the property at once and fails it with the transport reason', async () => {
    const judge = judgeWith();
    let calls = 0;
    await judge.property(RULE, fc.array(fc.nat(), { minLength: 5 }), () => {
      calls += 1;
      if (calls === 3) throw timedOut();
    });
    assert.equal(calls, 3, 'no run after the failure, no shrinking');
    const verdict = only(judge);
    assert.equal(verdict.verdict, 'fail');
    assert.equal(verdict.reason, 'transport: timeout after 10 ms on GET /groups/search');
    assert.equal(verdict.evidence[0]?.response?.transport, 'timeout');
    assert.deepEqual(verdict.samples, { judged: 2, inconclusive: 0 });
  });

  test('a bug in the check stops the property and is rethrown', async () => {
    const judge = judgeWith();
    let calls = 0;
    await assert.rejects(
      judge.property(RULE, fc.nat(), () => {
        calls += 1;
        throw new TypeError('records is undefined');
      }),
      /records is undefined/,
    );
    assert.equal(calls, 1);
  });
});
