/**
 * The model with state (harness/model state.ts): `step` folds exchanges in, `expect` holds the next answer to what
 * the earlier ones showed. The same request written another way returns the same records (or is refused); a row's
 * contactID is its own address's, never another's; either order of two answers is judged alike.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadProfile } from '../../harness/contract';
import { recordedTraffic } from '../../harness/exchanges';
import { initialState, rejectionsGiven, relationFailures, step, type ModelState } from '../../harness/model';

const target = { profile: loadProfile('service') };
let index = 0;

const exchange = (op: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({
    op, method: 'GET', url: `http://x/v1/${op}`, params, outcome: 'success', errors: [], startedAt: Date.UTC(2026, 11, 1), index: index++,
    token: { header: true, query: false, body: false, id: 'token#1', role: 'full' }, ...extra,
  }) as never;

const groups = (params: Record<string, unknown>, ids: number[], extra: Record<string, unknown> = {}) =>
  exchange('groups.search', { rpp: 250, ...params }, { records: ids.map((groupID) => ({ groupID, groupName: `g${groupID}`, type: 'Static', status: 'Active' })), ...extra });

const emails = (params: Record<string, unknown>, ids: number[]) =>
  exchange('emails.search', { deliveryType: 'manual', rpp: 250, ...params }, { records: ids.map((emailID) => ({ emailID, dateSent: '2025-01-10 10:00:00' })) });

const imported = (rows: Array<[string, number]>, record: Record<string, unknown> = {}) =>
  exchange('contacts.import', { contacts: rows.map(([email]) => ({ email, ...record })) }, {
    method: 'POST',
    importResult: { contactResults: rows.map(([email, contactID]) => ({ email, contactID, success: 1, inserted: 1, updated: 0, errors: [] })) },
  });

const fold = (...exchanges: never[]): ModelState => exchanges.reduce((state: ModelState, e) => step(state, e, target), initialState);
const rulesOf = (state: ModelState, answer: never) => rejectionsGiven(state, answer, target).map((rejection) => rejection.rule);

describe('the model with state', () => {
  test('should hold an enum value in another letter case to the records of the spec spelling', () => {
    const state = fold(groups({ status: 'Archived' }, [3, 4]));
    assert.deepEqual(rulesOf(state, groups({ status: 'archived' }, [3, 4])), []);
    assert.deepEqual(rulesOf(state, groups({ status: 'archived' }, [1, 2])), ['groups.search.status.filter']);
  });

  test('should hold a refusal of another spelling to nothing, and a page short of the whole result to nothing', () => {
    const state = fold(groups({ status: 'Archived' }, [3, 4]));
    assert.deepEqual(rulesOf(state, groups({ status: 'ARCHIVED' }, [], { outcome: 'error' })), []);
    assert.deepEqual(rulesOf(state, groups({ status: 'ARCHIVED', rpp: 2 }, [1, 2])), []);
  });

  test('should read every documented datetime form as the moment it names, a zone-less one at GMT', () => {
    const state = fold(emails({ dateSentStart: '2025-01-01 10:00:00', dateSentEnd: '2025-03-01 10:00:00' }, [7, 8]));
    for (const [start, end] of [['2025-01-01T10:00:00Z', '2025-03-01T10:00:00Z'], ['2025-01-01T10:00:00', '2025-03-01T10:00:00'], ['2025-01-01T15:30:00+05:30', '2025-03-01T15:30:00+05:30']]) {
      assert.deepEqual(rulesOf(state, emails({ dateSentStart: start, dateSentEnd: end }, [7, 8])), [], start);
      assert.deepEqual(rulesOf(state, emails({ dateSentStart: start, dateSentEnd: end }, [6, 7, 8])), ['emails.search.dateSent.filter'], start);
    }
    // Another moment is another request: nothing to hold it to.
    assert.deepEqual(rulesOf(state, emails({ dateSentStart: '2025-01-01T10:00:00+02:00', dateSentEnd: '2025-03-01T10:00:00' }, [6])), []);
  });

  test('should hold POST to the records GET returned for the same parameters', () => {
    const state = fold(groups({ status: 'All' }, [1, 2, 3]));
    assert.deepEqual(rulesOf(state, groups({ status: 'All' }, [1, 2], { method: 'POST' })), ['groups.search.methods']);
  });

  test('should hold a row to the contactID its address was given, never to another address\'s', () => {
    const state = fold(imported([['a@x.test', 11]]), imported([['b@x.test', 12]]));
    assert.deepEqual(rulesOf(state, imported([['a@x.test', 11], ['c@x.test', 13]])), []);
    assert.deepEqual(rulesOf(state, imported([['c@x.test', 11]], { contactID: 11 })), ['contacts.import.match.existing']);
    assert.deepEqual(rulesOf(state, imported([['a@x.test', 14]])), ['contacts.import.match.existing']);
    // Another letter case of a known address may be the same contact (import.email-match-case).
    assert.deepEqual(rulesOf(state, imported([['A@x.test', 11]])), []);
  });

  test('should hold a filter to what it leaves out of the unfiltered read, whichever came first', () => {
    const group = (groupID: number, isPrivate: boolean) => ({ groupID, groupName: `g${groupID}`, type: 'Static', status: 'Active', private: isPrivate });
    const all = exchange('groups.search', { rpp: 250 }, { records: [group(1, false), group(2, true), group(3, false)] });
    const displayed = (ids: number[]) => exchange('groups.search', { rpp: 250, private: 0 }, { records: ids.map((id) => group(id, false)) });
    assert.deepEqual(rulesOf(fold(all), displayed([1, 3])), []);
    assert.deepEqual(rulesOf(fold(all), displayed([1])), ['groups.search.private.filter']);
    assert.deepEqual(rulesOf(fold(displayed([1])), all), ['groups.search.private.filter']);
    assert.deepEqual(rulesOf(fold(displayed([1, 3])), all), []);
  });

  test('should find a relation broken over a whole traffic whichever of the two answers came first', () => {
    const canonical = groups({ status: 'Archived' }, [3, 4]);
    const respelled = groups({ status: 'archived' }, [1]);
    for (const order of [[canonical, respelled], [respelled, canonical]]) {
      const failures = relationFailures(recordedTraffic(order), target, 'groups.search.status.filter');
      assert.equal(failures.length, 1);
    }
    assert.equal(relationFailures(recordedTraffic([canonical, groups({ status: 'archived' }, [4, 3])]), target, 'groups.search.status.filter').length, 0);
  });
});
