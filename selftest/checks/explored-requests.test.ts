/** The exploring drivers' requests come from the spec: documented parameters only, pages at, inside and past the last. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { exploredRequests, pageAt, textProbe } from '../../generators';

describe('explored requests', () => {
  test('should draw only documented parameters, and refuse one with no value source', () => {
    const names = new Set(['groupName', 'status', 'groupIDs', 'userID', 'private', 'type', 'rpp', 'sortField', 'sortDirection']);
    const arbitrary = exploredRequests('groups.search', { values: { groupName: textProbe(['News VIP']), groupIDs: fc.constant([1]), userID: fc.constant(1) } });
    for (const drawn of fc.sample(arbitrary, { seed: 3, numRuns: 50 })) for (const name of Object.keys(drawn.params)) assert.ok(names.has(name), name);
    assert.throws(() => exploredRequests('groups.search', { values: {} }), /groupName.*no value source/);
  });

  test('should place pages at, inside and past the last', () => {
    assert.equal(pageAt('omitted', 0, 5), undefined);
    assert.equal(pageAt('last', 0, 5), 5);
    assert.ok(pageAt('past', 7, 5)! > 5);
    const inside = pageAt('inside', 7, 5)!;
    assert.ok(inside > 1 && inside < 5);
  });
});
