/**
 * A groups/search payload in the real service's shape (selftest/fixtures/groups-search-service-payload.json):
 * `""` for a date never set (dateModified, dateLastEmailSent) and for absent references (userID,
 * autoResponseEmailID), `private` as 0/1. Under the service profile these are tolerated quirks, listed
 * as tolerated under the rule they would otherwise fail; under a profile without the quirks they are
 * deviations. The order and window oracles leave records with a "" date out of their comparisons.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createResponseValidator, loadProfile, repoPath } from '../../harness/contract';
import type { ApiResponse } from '../../harness/core';
import { comparableValues, isAbsent, judgeOrder, referencedID } from '../../harness/oracles';
import { sentBetween } from '../../checks/emails.search/window-defaults';
import { restPointer, toRest } from './to-rest';
import { judgeOrderOf } from '../../harness/model';

type Json = Record<string, unknown>;
const FIXTURE = repoPath('selftest', 'fixtures', 'groups-search-service-payload.json');
const payload = (): Json => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
const recordsOf = (body: Json): Json[] => (body.data as { records: Json[] }).records;

const service = createResponseValidator(loadProfile('service'));
const rest = createResponseValidator(loadProfile('rest'));

const QUIRKS: [string, string, string, unknown][] = [
  ['booleanAsZeroOne', 'schema.groups.search', '/data/records/0/private', 0],
  ['emptyStringForAbsent', 'schema.groups.search', '/data/records/0/userID', ''],
  ['emptyStringForAbsent', 'schema.groups.search', '/data/records/0/autoResponseEmailID', ''],
  ['emptyStringForAbsent', 'envelope.datetime-format', '/data/records/0/dateModified', ''],
  ['booleanAsZeroOne', 'schema.groups.search', '/data/records/1/private', 1],
  ['emptyStringForAbsent', 'envelope.datetime-format', '/data/records/1/dateLastEmailSent', ''],
];

const sortKey = (row: unknown[]): string => JSON.stringify(row);

describe('the real service payload (fixture)', () => {
  it('has the service envelope and a group never modified', () => {
    const body = payload();
    assert.equal(body.success, 1);
    assert.equal(body.code, 0);
    assert.deepEqual(body.errors, []);
    assert.equal(typeof body.requestID, 'string');
    const paging = (body.data as { paging: Json }).paging;
    assert.equal(typeof paging.next, 'string');
    assert.equal(typeof paging.prev, 'string');
    const [group] = recordsOf(body);
    assert.equal(group?.dateModified, '');
    assert.equal(group?.autoResponseEmailID, '');
    assert.equal(group?.userID, '');
    assert.equal(group?.private, 0);
  });

  it('service profile: validates with every quirk tolerated and reported under its rule', () => {
    const report = service.validateResponse('groups.search', payload(), 'success');
    assert.deepEqual(report.issues, []);
    assert.deepEqual(
      report.tolerated.map((t) => [t.quirk, t.rule, t.pointer, t.actual]).sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
      [...QUIRKS].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    );
  });

  it('rest profile (no quirks declared): the same values are deviations, each naming its rule', () => {
    const report = rest.validateResponse('groups.search', toRest(payload(), 'success'), 'success');
    assert.deepEqual(report.tolerated, []);
    const found = report.issues.map((i) => [i.rule, i.pointer]).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    const expected = QUIRKS.map(([, rule, pointer]) => [rule, restPointer(pointer)]).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    assert.deepEqual(found, expected);
  });

  it('service profile: "" in a field that is neither a date nor a reference stays an issue', () => {
    const body = payload();
    recordsOf(body)[0]!.totalMembers = '';
    const report = service.validateResponse('groups.search', body, 'success');
    assert.deepEqual(report.issues.map((i) => [i.rule, i.pointer]), [['schema.groups.search', '/data/records/0/totalMembers']]);
  });
});

describe('absent values (oracle)', () => {
  it('a missing key, null and "" are absent; 0 and text are values', () => {
    for (const v of [undefined, null, '']) assert.equal(isAbsent(v), true, String(v));
    for (const v of [0, '0', 'x', false, []]) assert.equal(isAbsent(v), false, JSON.stringify(v));
  });

  it('a reference is a positive integer: missing, null, "" and 0 refer to none', () => {
    for (const v of [undefined, null, '', 0, '0', -3, 1.5, 'abc']) assert.equal(referencedID(v), undefined, JSON.stringify(v));
    assert.equal(referencedID(88021), 88021);
    assert.equal(referencedID('17'), 17);
    const [never, set] = recordsOf(payload());
    assert.equal(referencedID(never?.autoResponseEmailID), undefined);
    assert.equal(referencedID(set?.autoResponseEmailID), 88021);
  });
});

describe('order and window oracles with a date never set', () => {
  const target = { profile: loadProfile('service') } as unknown as Parameters<typeof judgeOrderOf>[0]['target'];
  const responseOf = (records: Json[]): ApiResponse =>
    ({ outcome: 'success', records, errors: [], method: 'GET', url: 'http://fixture.invalid/v1/groups/search', curl: '' }) as unknown as ApiResponse;

  it('a "" date is left out of the comparison, not placed first or last', () => {
    assert.deepEqual(comparableValues(['', '2020-01-01 00:00:00', undefined], 'datetime', 'service').length, 1);
    const dates = ['2021-01-01 00:00:00', '', '2020-01-01 00:00:00', '', '2019-06-01 00:00:00'];
    const records = dates.map((dateModified, i) => ({ ...recordsOf(payload())[0], groupID: i + 1, dateModified }));
    assert.equal(judgeOrderOf({ target }, 'groups.search', responseOf(records), 'dateModified', 'desc').verdict, 'pass');
    assert.equal(judgeOrderOf({ target }, 'groups.search', responseOf(records), 'dateModified', 'asc').verdict, 'fail');
    // The same records with the "" dates at either end: still judged on the dated ones alone.
    const first = [...records].sort((a, b) => Number(a.dateModified !== '') - Number(b.dateModified !== ''));
    const last = [...first].sort((a, b) => Number(a.dateModified === '') - Number(b.dateModified === ''));
    assert.equal(judgeOrderOf({ target }, 'groups.search', responseOf(first), 'dateModified', 'desc').verdict, 'pass');
    assert.equal(judgeOrderOf({ target }, 'groups.search', responseOf(last), 'dateModified', 'desc').verdict, 'pass');
  });

  it('when too few dated values remain, the order is inconclusive', () => {
    const records = recordsOf(payload());
    for (const direction of ['asc', 'desc'] as const) {
      assert.equal(judgeOrderOf({ target }, 'groups.search', responseOf(records), 'dateModified', direction).verdict, 'inconclusive');
      assert.equal(judgeOrderOf({ target }, 'groups.search', responseOf(records), 'dateLastEmailSent', direction).verdict, 'inconclusive');
    }
    assert.equal(judgeOrder([], 'datetime', 'asc').comparablePairs, 0);
  });

  it('a window leaves a record whose date is "" out, consistently', () => {
    const emails = [{ emailID: 1, dateSent: '' }, { emailID: 2, dateSent: '2024-05-02 08:00:00' }, { emailID: 3 }, { emailID: 4, dateSent: null }];
    const inside = sentBetween(emails, target as never, new Date(Date.UTC(2024, 4, 1)), new Date(Date.UTC(2024, 4, 3)));
    assert.deepEqual(inside.map((e) => e.emailID), [2]);
    const outside = sentBetween(emails, target as never, new Date(Date.UTC(2023, 0, 1)), new Date(Date.UTC(2023, 0, 2)));
    assert.deepEqual(outside, []);
  });
});
