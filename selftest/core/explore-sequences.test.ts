/**
 * The stateful exploration's sequences, the model their oracle (harness/runner/explore.ts exploreSequences): a
 * sequence that gets an answer the model rejects shrinks to the shortest that still does, with seed, path and a
 * replay; sequences whose answers the model allows give nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ApiResponse } from '../../harness/core';
import { ExchangeLog } from '../../harness/exchanges';
import { exploreSequences } from '../../harness/runner/explore';
import { testTarget } from './support/target';

/** A served groups/search without status (Active by default) answered with one group of each status given. */
function search(statuses: string[]): ApiResponse {
  const records = statuses.map((status, i) => ({ groupID: i + 1, groupName: `g${i}`, status }));
  return {
    op: 'groups.search', method: 'GET', url: 'http://ems.test/v1/groups/search', params: {}, curl: 'curl http://ems.test/v1/groups/search', durationMs: 1,
    outcome: 'success', status: 200, errors: [], records, body: {}, payload: {}, validation: { issues: [], tolerated: [] },
  } as unknown as ApiResponse;
}

/** Each step n answers a search; step 7 answers it with an Archived group, which a search without status may not return. */
const runOn = (log: ExchangeLog) => async (steps: number[]) => {
  for (const n of steps) log.add(search(n === 7 ? ['Active', 'Archived'] : ['Active']), Date.now(), { placement: 'header', value: 'T', role: 'full' });
};

test('should shrink a sequence the model rejects an answer of to its one guilty step, with seed, path and replay', async () => {
  const target = { ...testTarget({ EMS_SEED: '5' }), deadline: Date.now() + 30_000 };
  const log = new ExchangeLog();
  const failure = await exploreSequences({ target, log, title: 't' }, fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 12 }), runOn(log), { numRuns: 40 });
  assert.ok(failure, 'a sequence with step 7 was drawn and rejected');
  assert.deepEqual(failure.steps, ['7']);
  assert.equal(failure.seed, 5);
  assert.match(failure.path, /^\d+(:\d+)*$/);
  assert.match(failure.evidence.title, /not allowed by status=Active/);
  assert.match(failure.replay, /--grep @exploration --seed 5 --path \S+/);
});

test('should give nothing when the model allows every answer of every sequence', async () => {
  const target = { ...testTarget({ EMS_SEED: '5' }), deadline: Date.now() + 30_000 };
  const log = new ExchangeLog();
  const failure = await exploreSequences({ target, log, title: 't' }, fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 12 }), runOn(log), { numRuns: 40 });
  assert.equal(failure, undefined);
  assert.ok(log.size > 40);
});
