import './support/nock-on-node20';
import assert from 'node:assert/strict';
import { after, afterEach, describe, test } from 'node:test';
import nock from 'nock';
import { createApiClient } from '../../harness/exchanges/client';
import { encodeBody, encodeQuery } from '../../harness/core/encode';
import { serviceError } from './support/bodies';
import { testTarget } from './support/target';

afterEach(() => nock.cleanAll());
after(() => nock.restore());

describe('request encoding follows the profile', () => {
  test('query strings: booleans 0/1 or true/false, arrays as repeated keys or one comma list', () => {
    const params = { private: false, groupIDs: [3, 4], groupName: 'a b&c', skipped: undefined };
    assert.equal(encodeQuery(params, { booleans: '01', queryArrays: 'repeat' }), 'private=0&groupIDs=3&groupIDs=4&groupName=a+b%26c');
    assert.equal(encodeQuery(params, { booleans: 'truefalse', queryArrays: 'comma' }), 'private=false&groupIDs=3%2C4&groupName=a+b%26c');
  });

  test('JSON bodies: top-level booleans the profile way, the rest as given', () => {
    const params = { updateExisting: false, contacts: [{ email: 'a@x.test', flag: true }] };
    assert.equal(encodeBody(params, { booleans: '01', queryArrays: 'repeat' }), '{"updateExisting":0,"contacts":[{"email":"a@x.test","flag":true}]}');
    assert.equal(encodeBody(params, { booleans: 'truefalse', queryArrays: 'comma' }), '{"updateExisting":false,"contacts":[{"email":"a@x.test","flag":true}]}');
  });

  test('the client sends GET parameters in the query and POST parameters as JSON', async () => {
    nock('http://ems.test').get('/v1/groups/search?private=1&groupIDs=1&groupIDs=2').reply(200, serviceError(1, 'x'));
    nock('http://ems.test').get('/v1/groups/search?private=true&groupIDs=1%2C2').reply(200, { error: { code: 1, messages: ['x'] } });
    nock('http://ems.test')
      .post('/v1/groups/search', { private: 1, groupIDs: [1, 2] })
      .matchHeader('content-type', 'application/json')
      .reply(200, serviceError(1, 'x'));
    const params = { private: true, groupIDs: [1, 2] };
    await createApiClient(testTarget()).call('groups.search', { params });
    await createApiClient(testTarget({ EMS_PROFILE: 'rest' })).call('groups.search', { params });
    await createApiClient(testTarget()).call('groups.search', { method: 'POST', params });
    assert.ok(nock.isDone(), `unmatched: ${nock.pendingMocks().join(', ')}`);
  });

  test('a method the spec does not list is refused before sending', async () => {
    await assert.rejects(createApiClient(testTarget()).call('helper.ping', { method: 'POST' }), /helper.ping does not take POST \(the spec lists GET\)/);
  });
});
