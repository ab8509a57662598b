/**
 * Readings the checks accept where interface.md is silent: ties in an order, an unanchored or
 * case-blind wildcard, "" / null / 0 for an unpopulated contactID, "" or null for no next page.
 * Each oracle accepts every reasonable reading and still rejects what no reading allows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchesWildcardAnywhere, matchesWildcardExactCase, referencedID, sameUpToTies, type OrderedEntry } from '../../harness/oracles';
import { orderedEntries, orderFields, carriesContactID } from '../../harness/model';

const entries = (pairs: [number, string][]): OrderedEntry[] => pairs.map(([id, key]) => ({ id, key }));

describe('ties aside (no tie-break is documented)', () => {
  it('tied records in another order agree', () => {
    assert.ok(sameUpToTies(entries([[1, 'a'], [2, 'b'], [3, 'b'], [4, 'c']]), entries([[1, 'a'], [3, 'b'], [2, 'b'], [4, 'c']])));
  });
  it('records that do not tie must keep their order', () => {
    assert.ok(!sameUpToTies(entries([[1, 'a'], [2, 'b'], [3, 'c']]), entries([[1, 'a'], [3, 'c'], [2, 'b']])));
    assert.ok(!sameUpToTies(entries([[1, 'a'], [2, 'b']]), entries([[1, 'a']])));
  });
  it('a tied run inside the page holds the same records; one at the page edge may differ (it ties with the next page)', () => {
    assert.ok(!sameUpToTies(entries([[1, 'a'], [2, 'b'], [3, 'b'], [4, 'c']]), entries([[1, 'a'], [2, 'b'], [9, 'b'], [4, 'c']])));
    assert.ok(sameUpToTies(entries([[1, 'a'], [2, 'b'], [3, 'c'], [4, 'c']]), entries([[1, 'a'], [2, 'b'], [3, 'c'], [9, 'c']])));
  });
  it('the order key: sortField when given, else the documented default', () => {
    assert.deepEqual(orderFields('groups.search', { sortField: 'totalMembers' }), ['totalMembers']);
    assert.deepEqual(orderFields('groups.search', {}), ['groupName']);
    assert.deepEqual(orderFields('emails.search', {}).sort(), ['dateAdded', 'dateSent']);
    const keys = orderedEntries('groups.search', [{ groupID: 1, totalMembers: 5 }, { groupID: 2, totalMembers: 5 }], { sortField: 'totalMembers' });
    assert.equal(keys[0]!.key, keys[1]!.key);
  });
});

describe('wildcards (anchoring and case are not written)', () => {
  it('the widest reading matches anywhere, case aside', () => {
    assert.ok(matchesWildcardAnywhere('The Spring Sale', 'spring*'));
    assert.ok(matchesWildcardAnywhere('Spring Sale', 'Spring*'));
    assert.ok(matchesWildcardAnywhere('Big spring sale', '*SALE'));
  });
  it('a value holding no piece of the pattern matches under no reading', () => {
    assert.ok(!matchesWildcardAnywhere('Autumn offers', 'spring*'));
    assert.ok(!matchesWildcardAnywhere('Spring', 'Spr*sale'));
  });
  it('the narrowest reading (anchored, exact case) is what every reading returns', () => {
    assert.ok(matchesWildcardExactCase('Spring Sale', 'Spring*'));
    assert.ok(!matchesWildcardExactCase('The Spring Sale', 'Spring*'));
    assert.ok(!matchesWildcardExactCase('spring sale', 'Spring*'));
  });
});

describe('absent values', () => {
  it('a contactID that is missing, null, "" or 0 is not populated', () => {
    for (const v of [undefined, null, '', 0, '0']) assert.equal(carriesContactID(v), false, JSON.stringify(v));
    for (const v of [12, '12']) assert.equal(carriesContactID(v), true, JSON.stringify(v));
  });
  it('a reference of 0 is no parent', () => {
    assert.equal(referencedID(0), undefined);
    assert.equal(referencedID(7), 7);
  });
});
