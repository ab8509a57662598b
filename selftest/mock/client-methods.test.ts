/**
 * The mock stands in for the service for real clients (service-facts.md, Transport): the service's own PHP
 * client POSTs a JSON body on every call, helper/ping and the exports included, with the token in the
 * Authorization header. Every operation answers such a call as it answers the documented method; the query
 * string wins over the body; `strictMethods` (and variant alt) keeps the GET-only refusal of interface.md.
 */
import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import { after, before, describe, it, test } from 'node:test';
import { operationInfo } from '../../harness/contract';
import { buildRequest } from '../../harness/exchanges/request';
import type { OperationKey } from '../../harness/types';
import { testTarget } from '../core/support/target';
import { MockClient, type Answer } from './client';

/** What two answers must share: everything but the fresh requestID (files: the bytes). */
const sameness = (answer: Answer) => (answer.body ? { status: answer.status, body: { ...answer.body, requestID: '-' } } : { status: answer.status, bytes: answer.bytes });

/** The way the service's PHP client calls: POST, a JSON body of the parameters, the token in the header. */
const phpClientCall = (client: MockClient, path: string, parameters: Record<string, unknown> = {}) => client.call(path, { method: 'POST', body: parameters });

describe('the mock takes POST with a JSON body on every operation, as the service does', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00' } })));
  after(() => client.close());

  it('helper/ping, groups/search and emails/search answer a POST as they answer a GET', async () => {
    const calls: [string, Record<string, string | number>][] = [
      ['/helper/ping', {}],
      ['/groups/search', { status: 'All', rpp: 7, sortField: 'groupID', sortDirection: 'desc' }],
      ['/emails/search', { deliveryType: 'manual', rpp: 9, sortField: 'emailID' }],
    ];
    for (const [path, parameters] of calls) {
      const documented = await client.get(path, parameters);
      assert.equal(documented.body.success, 1, `${path}: ${JSON.stringify(documented.body)}`);
      assert.deepEqual(sameness(await phpClientCall(client, path, parameters)), sameness(documented), path);
    }
  });

  it('a wrong token on a POST of helper/ping is told as a token error, not a method error', async () => {
    const answer = await client.call('/helper/ping', { method: 'POST', body: {}, token: '00000000-0000-4000-8000-000000000000' });
    assert.equal(answer.body.success, 0);
    assert.equal(answer.body.code, 402, JSON.stringify(answer.body));
  });

  it('the export flow by POST (request, status, file) gives what the same flow by GET gives', async () => {
    const flow = async (call: (path: string, parameters: Record<string, unknown>) => Promise<Answer>, range: { startDate: string; endDate: string }) => {
      const requested = await call('/exports/emails', range);
      assert.equal(requested.body.success, 1, JSON.stringify(requested.body));
      const { jobID } = requested.body.data;
      const pending = await call('/exports/jobStatus', { jobID });
      assert.deepEqual(pending.body.data, { status: 'Pending' });
      await client.advance(3000);
      const done = await call('/exports/jobStatus', { jobID });
      assert.equal(done.body.data.status, 'Completed', JSON.stringify(done.body));
      const file = await call('/exports/getFile', { fileKey: done.body.data.fileKey });
      assert.equal(file.headers.get('content-type'), 'application/zip');
      const [csv] = Object.values(unzipSync(file.bytes));
      return { totalRecords: done.body.data.totalRecords, rows: strFromU8(csv!) };
    };
    const byGet = await flow((path, parameters) => client.get(path, parameters as Record<string, string>), { startDate: '2025-01-01', endDate: '2025-03-31' });
    // Other dates than the GET flow's (the same while that job is Pending would be a duplicate), the same emails.
    const byPost = await flow((path, parameters) => phpClientCall(client, path, parameters), { startDate: '2024-12-31', endDate: '2025-03-31' });
    assert.ok(byGet.totalRecords > 0);
    assert.deepEqual(byPost, byGet);
  });

  it('a duplicate export request by POST is refused as by GET', async () => {
    const range = { startDate: '2025-02-01', endDate: '2025-02-02' };
    assert.equal((await phpClientCall(client, '/exports/emails', range)).body.success, 1);
    const duplicate = await phpClientCall(client, '/exports/emails', range);
    assert.equal(duplicate.body.success, 0);
    assert.equal(duplicate.body.code, 602);
  });

  it('contacts/import takes the same call from the PHP client (POST is its documented method)', async () => {
    const answer = await phpClientCall(client, '/contacts/import', { contacts: [{ email: 'php.client@example.com' }], updateExisting: 0 });
    assert.equal(answer.body.success, 1, JSON.stringify(answer.body));
    assert.equal(answer.body.data.contactResults[0].success, 1);
  });

  it('the query string wins over the body when both carry a parameter', async () => {
    const answer = await client.call('/groups/search', { method: 'POST', query: { rpp: 2 }, body: { rpp: 5, status: 'All' } });
    assert.equal(answer.body.data.records.length, 2);
    assert.equal(answer.body.data.paging.rpp, 2);
    const file = await client.call('/exports/jobStatus', { method: 'POST', query: { jobID: 999999 }, body: { jobID: 1 } });
    assert.equal(file.body.code, 601, 'the unknown jobID of the query string is the one read');
  });

  it('an unknown operation under /v1/ is said to be unknown; a path outside /v1/ is told where operations live', async () => {
    const unknown = await client.get('/helper/pong');
    assert.equal(unknown.body.code, 506);
    assert.match(unknown.body.errors[0], /^Unknown operation helper\/pong\b/);
    assert.doesNotMatch(unknown.body.errors[0], /live under/);
    const outside = await client.call(`${client.mock.origin}/helper/ping`);
    assert.equal(outside.body.code, 506);
    assert.match(outside.body.errors[0], /operations live under \/v1\//);
  });
});

describe('strictMethods keeps the GET-only refusal of interface.md', () => {
  for (const options of [{ strictMethods: true }, { variant: 'alt' as const }]) {
    it(`${JSON.stringify(options)}: POST on helper/ping and the exports is refused, GET and the searches' POST are served`, async () => {
      const client = await MockClient.start(options);
      try {
        for (const path of ['/helper/ping', '/exports/emails', '/exports/jobStatus', '/exports/getFile']) {
          const refused = await phpClientCall(client, path, {});
          assert.equal(refused.body.success, 0, path);
          assert.match(refused.body.errors.join(' '), /accepts GET, not POST/i, path);
        }
        assert.equal((await client.get('/helper/ping')).body.success, 1);
        assert.equal((await phpClientCall(client, '/groups/search', { rpp: 1 })).body.success, 1);
      } finally {
        await client.close();
      }
    });
  }
});

test('no rule judges POST on helper/ping or an export, so the default and strictMethods are both green: the spec lists GET alone there and the client sends no other method', () => {
  const getOnly: OperationKey[] = ['helper.ping', 'exports.emails', 'exports.jobStatus', 'exports.getFile'];
  for (const op of getOnly) {
    assert.deepEqual(operationInfo(op).methods, ['GET'], op);
    assert.throws(() => buildRequest(operationInfo(op), testTarget(), { method: 'POST' }), /does not take POST/, op);
  }
});
