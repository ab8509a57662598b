import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failingCaseOf, NO_REQUEST, operationOfUrl, pointerClass, readParameters, valueClass, type OperationFacts } from '../../harness/report/case-key';
import { specOperations } from '../../harness/report/rule-basis';

const operations = specOperations();
const rppBounds = { id: 'groups.search.rpp.bounds', operations: ['groups.search'] };
const request = (url: string, method = 'GET', body?: unknown) => [{ title: 'the failing request', request: { method, url, ...(body === undefined ? {} : { body }) } }];

test('parameters are keyed by name and class against the spec: bounds, defaults, enums', () => {
  const rpp = operations.find((operation) => operation.key === 'groups.search')!.parameters.rpp!;
  assert.deepEqual([0, 1, 20, 100, 250, 251, '12.5', 'abc', ''].map((value) => valueClass(value, rpp)),
    ['below-min', 'min', 'default', 'in-range', 'max', 'above-max', 'not-integer', 'not-a-number', 'empty']);
  const status = operations.find((operation) => operation.key === 'groups.search')!.parameters.status!;
  assert.equal(valueClass(String(status.default), status), 'default');
  const other = (status.enum ?? []).map(String).find((value) => value !== String(status.default))!;
  assert.equal(valueClass(other, status), 'enum');
  assert.equal(valueClass(other.toUpperCase(), status), 'enum-other-case');
  assert.equal(valueClass('Bogus', status), 'unknown-enum');
});

test('the key names the method, the rule\'s parameters sent and left out; never values, IDs or times', () => {
  const found = failingCaseOf(rppBounds, request('http://127.0.0.1:4010/v1/groups/search?rpp=251&status=Active'), operations);
  assert.equal(found.operation, 'groups.search');
  // status is drawn beside rpp by the seed: the spec does not name it for the rule, so it is no part of the case.
  assert.equal(found.key, 'GET rpp:above-max');
  // Another generated value of the same class, another host, another order: the same key.
  assert.equal(failingCaseOf(rppBounds, request('https://staging.example.net/v1/groups/search?status=Active&rpp=9999'), operations).key, found.key);
  // The rule's parameter left out is named: rpp.default fails on a request without rpp.
  assert.equal(failingCaseOf({ id: 'groups.search.rpp.default', operations: ['groups.search'] }, request('http://h/v1/groups/search'), operations).key, 'GET rpp:omitted');
  // Below the minimum is another case of the same rule.
  assert.notEqual(failingCaseOf(rppBounds, request('http://h/v1/groups/search?rpp=0&status=Active'), operations).key, found.key);
});

test('a POST body is read as parameters; an array parameter by its items; an undocumented one as such', () => {
  const emails = { id: 'emails.search.status.filter', operations: ['emails.search'] };
  const key = failingCaseOf(emails, request('http://h/v1/emails/search', 'POST', { status: ['sent', 'draft'], accessToken: 'secret-value-1234' }), operations).key;
  assert.match(key, /^POST /);
  assert.match(key, /status:list\(enum\)/);
  assert.match(key, /accessToken:undocumented/);
  assert.doesNotMatch(key, /secret|1234|sent|draft/);
  const params = readParameters('http://h/v1/emails/search?status=sent&status=draft', undefined);
  assert.deepEqual(params.get('status'), ['sent', 'draft']);
});

test('a schema failure is keyed by its pointer, array indexes as *; no request at all is its own key', () => {
  assert.equal(pointerClass('/data/records/17/totalMembers'), '/data/records/*/totalMembers');
  const evidence = [{ title: 'answer', request: { method: 'GET', url: 'http://h/v1/helper/ping' }, pointer: '/data/message' }];
  assert.equal(failingCaseOf({ id: 'schema.helper.ping', operations: ['helper.ping'] }, evidence, operations).key, 'GET at:/data/message');
  assert.deepEqual(failingCaseOf({ id: 'x.y', operations: ['helper.ping'] }, [{ title: 'no request' }], operations), { operation: 'helper.ping', key: NO_REQUEST });
});

test('the operation is found by the end of the path, whatever the base URL holds before it', () => {
  const facts: OperationFacts[] = [{ key: 'exports.emails', path: '/exports/emails', parameters: {} }, { key: 'emails.search', path: '/emails/search', parameters: {} }];
  assert.equal(operationOfUrl('https://h/api/v1/exports/emails?x=1', facts)?.key, 'exports.emails');
  assert.equal(operationOfUrl('https://h/v1/emails/search', facts)?.key, 'emails.search');
  assert.equal(operationOfUrl('https://h/v1/nothing', facts), undefined);
});
