import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { ApiResponse } from '../../harness/core/api-response';
import { propertyStopped } from '../../harness/core/judge';
import { runProperty, type Sample } from '../../harness/core/property';
import { TransportError } from '../../harness/core/transport-error';
import type { Verdict } from '../../harness/types';

const RULE = 'groups.search.rpp.bounds';

/** A property as a driver's exploration runs it (harness/runner/explore.ts): fast-check with the run's seed and path; the verdict when it stopped. */
async function explored<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T, sample: Sample) => Promise<void> | void, extra: { seed?: number; path?: string; numRuns?: number } = {}): Promise<Verdict | undefined> {
  const result = await runProperty({ arbitrary, predicate, seed: extra.seed ?? 42, numRuns: extra.numRuns ?? 50, deadline: Date.now() + 60_000, ...(extra.path ? { path: extra.path } : {}) });
  return propertyStopped(RULE, result);
}

const timedOut = (): TransportError => {
  const response = {
    op: 'groups.search', method: 'GET', url: 'http://ems.test/v1/groups/search', params: {}, outcome: 'transport',
    transport: { reason: 'timeout', detail: 'after 10 ms' }, body: undefined, payload: undefined, errors: [],
    validation: { issues: [], tolerated: [] }, curl: "curl -sS -X GET 'http://ems.test/v1/groups/search'", durationMs: 10,
  } satisfies ApiResponse;
  return new TransportError(response, '/groups/search');
};

describe('a property of a driver\'s exploration', () => {
  test('a failing property reports seed, path, the shrunk counterexample, expected vs actual and a replay line', async () => {
    const verdict = await explored(fc.integer({ min: 0, max: 1000 }), (rpp, sample) => {
      sample.expect(rpp < 50, { title: 'rpp is refused above 49', expected: 'refused', actual: rpp });
    });
    assert.ok(verdict);
    assert.equal(verdict.verdict, 'fail');
    assert.equal(verdict.property?.counterexample, 50);
    assert.equal(verdict.property?.seed, 42);
    assert.match(verdict.property?.path ?? '', /^\d+(:\d+)*$/);
    assert.equal(verdict.property?.replay, `EMS_SEED=42 EMS_PATH=${verdict.property?.path} npm run conformance -- --grep @rule:${RULE}`);
    assert.deepEqual(verdict.evidence, [{ title: 'rpp is refused above 49', expected: 'refused', actual: 50 }]);
    assert.match(verdict.reason ?? '', /counterexample 50/);

    let runs = 0;
    const replay = await explored(fc.integer({ min: 0, max: 1000 }), (rpp, sample) => {
      runs += 1;
      sample.expect(rpp < 50, { title: 'again', actual: rpp });
    }, { seed: verdict.property?.seed, path: verdict.property?.path });
    assert.equal(replay?.property?.counterexample, 50);
    assert.ok(runs <= 2, `the replay goes straight to the counterexample (${runs} runs)`);
  });

  test('a property that held says nothing: the verdict is the judge\'s over every exchange', async () => {
    const verdict = await explored(fc.integer(), (value, sample) => {
      if (value % 2 === 0) sample.inconclusive('even');
      sample.expect(true, { title: 'ok' });
    }, { numRuns: 40 });
    assert.equal(verdict, undefined);
  });

  test('an outage stops the property at once and leaves it inconclusive with the transport reason', async () => {
    let calls = 0;
    const verdict = await explored(fc.array(fc.nat(), { minLength: 5 }), () => {
      calls += 1;
      if (calls === 3) throw timedOut();
    });
    assert.equal(calls, 3, 'no run after the failure, no shrinking');
    assert.ok(verdict);
    assert.equal(verdict.verdict, 'inconclusive', 'a timeout is no answer of the target\'s: it fails nothing');
    assert.equal(verdict.transportFailure, 'timeout');
    assert.equal(verdict.reason, 'transport: timeout after 10 ms on GET /groups/search');
    assert.equal(verdict.evidence[0]?.response?.transport, 'timeout');
    assert.deepEqual(verdict.samples, { judged: 2, inconclusive: 0 });
  });

  test('a bug in the check stops the property and is rethrown', async () => {
    let calls = 0;
    await assert.rejects(
      explored(fc.nat(), () => {
        calls += 1;
        throw new TypeError('records is undefined');
      }),
      /records is undefined/,
    );
    assert.equal(calls, 1);
  });
});
