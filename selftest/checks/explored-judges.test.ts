/**
 * The exploring drivers' requests come from the spec, and the judges of explored exchanges read every
 * character of a text filter literally: `?` and `.` match only themselves, `*` is the emails wildcard,
 * letter case is aside (the groups/search judges: selftest/traffic-judges/groups-search.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { exploredRequests, pageAt, textProbe, type ExploredRequest } from '../../generators';
import type { ApiResponse } from '../../harness/core';
import type { ExploredExchange } from '../../drivers/search';
import { wildcardJudge, statusFilterJudge } from '../../checks/emails.search/explored-judges';

const request: ExploredRequest = { method: 'GET', params: {}, page: 'omitted', pick: 0 };
const exchange = (params: Record<string, unknown>, records: unknown[], outcome: 'success' | 'error' = 'success'): ExploredExchange => ({
  request,
  params,
  response: { op: 'groups.search', method: 'GET', url: 'http://x/v1', params, outcome, errors: [], records, validation: { ok: true, issues: [] }, curl: '', durationMs: 1, body: {}, payload: {} } as unknown as ApiResponse,
});

describe('explored exchanges', () => {
  test('should read * as the only wildcard of title, anywhere and letter case aside', () => {
    const judge = wildcardJudge('title');
    const email = (title: string) => ({ emailID: 1, title });
    assert.equal(judge(exchange({ title: 'spring*sale' }, [email('Spring Big Sale')]))?.ok, true);
    assert.equal(judge(exchange({ title: 'Spring?Sale' }, [email('Spring Sale')]))?.ok, false);
    assert.equal(judge(exchange({ title: 'a.c' }, [email('abc')]))?.ok, false);
  });

  test('should judge status only on the manual emails of a manual search', () => {
    const judge = statusFilterJudge();
    const records = [{ emailID: 1, deliveryType: 'Manual', status: 'Sent' }, { emailID: 2, deliveryType: 'Automated', status: 'Sent' }];
    assert.equal(judge(exchange({ status: ['sent'] }, records))?.ok, true);
    assert.equal(judge(exchange({ status: ['draft'] }, records))?.ok, false);
    assert.equal(judge(exchange({ deliveryType: 'automated', status: ['draft'] }, records)), undefined);
  });
});

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
