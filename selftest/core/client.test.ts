import './support/nock-on-node20';
import assert from 'node:assert/strict';
import { after, afterEach, describe, test } from 'node:test';
import nock from 'nock';
import { createApiClient } from '../../harness/exchanges/client';
import { walkPages } from '../../drivers/search/walk-pages';
import { TransportError } from '../../harness/core/transport-error';
import { group, restError, serviceError, servicePage, serviceSuccess } from './support/bodies';
import { recordingRecorder } from './support/recorder';
import { TOKENS, testTarget } from './support/target';

const ORIGIN = 'http://ems.test';
nock.disableNetConnect();
afterEach(() => nock.cleanAll());
after(() => nock.enableNetConnect());

describe('client through the service profile', () => {
  test('reads a ping success and records passing schema and envelope verdicts', async () => {
    nock(ORIGIN).get('/v1/helper/ping').matchHeader('authorization', `Bearer ${TOKENS.EMS_TOKEN}`).reply(200, serviceSuccess({ message: 'pong' }));
    const { recorder, recorded, verdictOf } = recordingRecorder();
    const response = await createApiClient(testTarget(), { recorder }).call('helper.ping');
    assert.equal(response.outcome, 'success');
    assert.deepEqual(response.payload, { message: 'pong' });
    assert.equal(response.code, 0);
    assert.deepEqual(response.errors, []);
    assert.equal(recorded.requests.length, 1);
    for (const rule of ['schema.helper.ping', 'envelope.shape', 'envelope.http-status', 'envelope.error-signal']) {
      assert.equal(verdictOf(rule)[0]?.verdict, 'pass', rule);
    }
    assert.deepEqual(verdictOf('envelope.datetime-format'), [], 'helper.ping is not covered by the datetime rule');
  });

  test('reads records and paging of a search page', async () => {
    const paging = { page: 2, rpp: 2, totalPages: 3, totalRecords: 5, next: 'n', prev: 'p' };
    nock(ORIGIN).get('/v1/groups/search').query({ page: '2', rpp: '2' }).reply(200, servicePage([group(3), group(4)], paging));
    const response = await createApiClient(testTarget()).call('groups.search', { params: { page: 2, rpp: 2 } });
    assert.equal(response.records?.length, 2);
    assert.deepEqual(response.paging, paging);
    assert.deepEqual(response.validation.issues, []);
  });

  test('an error envelope is outcome error with its code and messages', async () => {
    nock(ORIGIN).get('/v1/groups/search').query(true).reply(200, serviceError(401, 'Invalid token'));
    const { recorder, verdictOf } = recordingRecorder();
    const response = await createApiClient(testTarget(), { recorder }).call('groups.search');
    assert.equal(response.outcome, 'error');
    assert.equal(response.code, 401);
    assert.deepEqual(response.errors, ['Invalid token']);
    assert.equal(verdictOf('envelope.error-signal')[0]?.verdict, 'pass');
    assert.deepEqual(verdictOf('schema.groups.search'), [], 'an error has no payload to judge');
  });

  test('an error with HTTP 400 fails envelope.http-status; a success with a code fails envelope.error-signal', async () => {
    nock(ORIGIN).get('/v1/helper/ping').reply(400, serviceError(5, 'nope'));
    nock(ORIGIN).get('/v1/helper/ping').reply(200, { ...serviceSuccess({ message: 'pong' }), code: 9 });
    const { recorder, verdictOf } = recordingRecorder();
    const api = createApiClient(testTarget(), { recorder });
    await api.call('helper.ping');
    await api.call('helper.ping');
    const [status] = verdictOf('envelope.http-status');
    assert.equal(status?.verdict, 'fail');
    assert.match(status?.reason ?? '', /error answered HTTP 400, expected 200/);
    const [, signal] = verdictOf('envelope.error-signal');
    assert.equal(signal?.verdict, 'fail');
    assert.equal(signal?.evidence[0]?.actual, 9);
  });

  test('schema issues fail with pointer, constraint and actual; quirks are attached as tolerated', async () => {
    const records = [group(1, { totalMembers: 'many', dateLastEmailSent: '' })];
    nock(ORIGIN).get('/v1/groups/search').query(true).reply(200, servicePage(records, { page: 1, rpp: 20, totalPages: 1, totalRecords: 1, next: '', prev: '' }));
    const { recorder, verdictOf } = recordingRecorder();
    await createApiClient(testTarget(), { recorder }).call('groups.search');
    const [schema] = verdictOf('schema.groups.search');
    assert.equal(schema?.verdict, 'fail');
    const evidence = schema?.evidence.find((item) => item.pointer === '/data/records/0/totalMembers');
    assert.ok(evidence, JSON.stringify(schema?.evidence));
    assert.equal(evidence.actual, 'many');
    assert.match(String(evidence.expected), /integer/);
    const datetime = verdictOf('envelope.datetime-format')[0];
    assert.equal(datetime?.verdict, 'pass');
    assert.equal(datetime?.tolerated?.[0]?.quirk, 'emptyStringForAbsent');
  });

  test('reads jobID, job fields and the export file', async () => {
    nock(ORIGIN).get('/v1/exports/emails').query(true).reply(200, serviceSuccess({ jobID: 42 }));
    const job = { status: 'Completed', fileKey: 'K-1', fileExpiration: '2024-01-02 03:04:05', totalRecords: 3 };
    nock(ORIGIN).get('/v1/exports/jobStatus').query({ jobID: '42' }).reply(200, serviceSuccess(job));
    nock(ORIGIN).get('/v1/exports/getFile').query({ fileKey: 'K-1' }).reply(200, Buffer.from('PK\u0003\u0004zip'), { 'Content-Type': 'application/zip' });
    const api = createApiClient(testTarget());
    assert.equal((await api.call('exports.emails', { params: { startDate: '2024-01-01', endDate: '2024-01-31' } })).jobID, 42);
    assert.deepEqual((await api.call('exports.jobStatus', { params: { jobID: 42 } })).job, job);
    const file = await api.call('exports.getFile', { params: { fileKey: 'K-1' } });
    assert.equal(file.outcome, 'success');
    assert.equal(file.file?.subarray(0, 2).toString(), 'PK');
  });

  test('the retired token endpoint is called at the auth URL', async () => {
    nock('http://auth.test').get('/login/oauth/applicationAccessToken').reply(200, serviceError(410, 'retired'));
    const response = await createApiClient(testTarget({ EMS_AUTH_URL: 'http://auth.test' })).call('login.applicationAccessToken', { token: 'none' });
    assert.equal(response.outcome, 'error');
    assert.equal(response.url, 'http://auth.test/login/oauth/applicationAccessToken');
  });

  test('walkPages pages until next is empty, and stops at maxPages', async () => {
    const page = (n: number, next: string) => servicePage([group(n)], { page: n, rpp: 1, totalPages: 3, totalRecords: 3, next, prev: '' });
    nock(ORIGIN).get('/v1/groups/search').query({ rpp: '1', page: '1' }).reply(200, page(1, 'p2'));
    nock(ORIGIN).get('/v1/groups/search').query({ rpp: '1', page: '2' }).reply(200, page(2, 'p3'));
    nock(ORIGIN).get('/v1/groups/search').query({ rpp: '1', page: '3' }).reply(200, page(3, ''));
    const api = createApiClient(testTarget());
    const all = await walkPages(api, 'groups.search', { rpp: 1 });
    assert.equal(all.complete, true);
    assert.deepEqual(all.records.map((r) => (r as { groupID: number }).groupID), [1, 2, 3]);

    nock(ORIGIN).get('/v1/groups/search').query({ rpp: '1', page: '1' }).reply(200, page(1, 'p2'));
    const bounded = await walkPages(api, 'groups.search', { rpp: 1 }, { maxPages: 1 });
    assert.equal(bounded.complete, false);
    assert.equal(bounded.stoppedBecause, 'more than 1 pages');
  });
});

describe('client through the rest profile', () => {
  const rest = () => testTarget({ EMS_PROFILE: 'rest' });

  test('a 2xx body is the payload; records and paging come from its pointers', async () => {
    const body = { items: [group(1, { dateAdded: '2024-01-02T03:04:05Z', dateModified: '2024-01-02T03:04:05Z' })], page: 1, perPage: 20, totalPages: 1, total: 1 };
    nock(ORIGIN).get('/v1/groups/search').query(true).reply(200, body);
    const { recorder, verdictOf } = recordingRecorder(rest().profile);
    const response = await createApiClient(rest(), { recorder }).call('groups.search');
    assert.equal(response.outcome, 'success');
    assert.equal(response.records?.length, 1);
    assert.deepEqual(response.paging, { page: 1, rpp: 20, totalPages: 1, totalRecords: 1, next: undefined, prev: undefined });
    assert.equal(verdictOf('schema.groups.search')[0]?.verdict, 'pass', JSON.stringify(response.validation));
    assert.equal(verdictOf('envelope.error-signal')[0]?.verdict, 'pass');
  });

  test('a 4xx is outcome error with the code and messages of its error body', async () => {
    nock(ORIGIN).get('/v1/groups/search').query(true).reply(403, restError(7, 'forbidden'));
    const { recorder, verdictOf } = recordingRecorder(rest().profile);
    const response = await createApiClient(rest(), { recorder }).call('groups.search');
    assert.equal(response.outcome, 'error');
    assert.equal(response.code, 7);
    assert.deepEqual(response.errors, ['forbidden']);
    assert.equal(verdictOf('envelope.http-status')[0]?.verdict, 'pass');
    assert.equal(verdictOf('envelope.shape')[0]?.verdict, 'pass');
  });

  test('a status neither success nor error is an unexpected-status transport failure', async () => {
    nock(ORIGIN).get('/v1/helper/ping').reply(302, { moved: true });
    await assert.rejects(createApiClient(rest()).call('helper.ping'), (error: unknown) => {
      assert.ok(error instanceof TransportError);
      assert.equal(error.reason, 'unexpected-status');
      return true;
    });
  });
});
