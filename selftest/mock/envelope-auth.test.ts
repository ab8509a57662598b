import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MockClient } from './client';

const OPERATIONS: [string, 'GET' | 'POST', unknown?][] = [
  ['/helper/ping', 'GET'],
  ['/groups/search', 'GET'],
  ['/emails/search', 'GET'],
  ['/contacts/import', 'POST', { contacts: [{ email: 'auth.probe@example.com' }] }],
  ['/exports/emails?startDate=2024-01-01&endDate=2024-01-31', 'GET'],
  ['/exports/jobStatus?jobID=1', 'GET'],
  ['/exports/getFile?fileKey=00000000-0000-4000-8000-000000000000', 'GET'],
];

function assertError(body: any): void {
  assert.equal(body.success, 0);
  assert.ok(Number.isInteger(body.code) && body.code !== 0, `non-zero code, got ${body.code}`);
  assert.ok(Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e: unknown) => typeof e === 'string'));
  assert.equal(typeof body.requestID, 'string');
}

describe('envelope and authentication', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start()));
  after(() => client.close());

  it('helper/ping answers the envelope with pong', async () => {
    const answer = await client.get('/helper/ping');
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body).sort(), ['code', 'data', 'errors', 'requestID', 'success']);
    assert.deepEqual({ ...answer.body, requestID: 'x' }, { success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'x' });
    assert.match(answer.body.requestID, /^[0-9A-F-]{36}$/);
  });

  it('accepts the bare token as well as Bearer, case-insensitive GUIDs', async () => {
    for (const authorization of [client.mock.tokens.full, `bearer ${client.mock.tokens.full.toLowerCase()}`]) {
      const answer = await client.call('/helper/ping', { authorization });
      assert.equal(answer.body.success, 1);
    }
  });

  it('refuses a missing, empty or unknown token on every operation, with HTTP 200', async () => {
    for (const [path, method, body] of OPERATIONS) {
      for (const options of [{ token: null }, { authorization: 'Bearer ' }, { token: 'F0000000-0000-4000-8000-000000000000' }]) {
        const answer = await client.call(path, { method, body, ...options });
        assert.equal(answer.status, 200, path);
        assertError(answer.body);
      }
    }
    assert.equal((await client.get('/groups/search', {}, null)).body.code, 401);
    assert.equal((await client.get('/groups/search', {}, 'nope')).body.code, 402);
  });

  it('refuses accessToken in the query string or the body, even a valid one', async () => {
    const { full } = client.mock.tokens;
    for (const path of ['/helper/ping', '/groups/search', '/emails/search']) {
      for (const token of [null, 'full'] as const) {
        const answer = await client.call(path, { query: { accessToken: full }, token });
        assertError(answer.body);
        assert.equal(answer.body.code, 403);
      }
    }
    for (const path of ['/groups/search', '/emails/search']) {
      const answer = await client.call(path, { method: 'POST', body: { accessToken: full }, token: null });
      assert.equal(answer.body.code, 403);
    }
  });

  it('keeps Application-Only tokens working; the retired endpoint issues none', async () => {
    assert.equal((await client.get('/helper/ping', {}, 'app')).body.success, 1);
    assert.equal((await client.get('/groups/search', {}, 'app')).body.success, 1);
    for (const method of ['GET', 'POST']) {
      const answer = await client.call(`${client.mock.authUrl}/login/oauth/applicationAccessToken`, { method, token: null });
      assertError(answer.body);
      assert.equal(answer.body.code, 410);
      assert.match(answer.body.errors[0], /2022-07-10/);
      assert.deepEqual(answer.body.data, {});
    }
  });

  it('groups/search needs Create Groups; contacts/import needs Contacts (Import) and then writes nothing', async () => {
    assert.equal((await client.get('/groups/search', {}, 'noGroups')).body.code, 404);
    assert.equal((await client.get('/emails/search', {}, 'noGroups')).body.success, 1);
    const contact = { email: 'refused.import@example.com' };
    const refused = await client.importContacts({ contacts: [contact] }, 'noImport');
    assertError(refused.body);
    const later = await client.importContacts({ contacts: [contact] });
    assert.equal(later.body.data.contactResults[0].inserted, 1, 'the refused import wrote nothing');
  });

  it('answers unknown paths, wrong methods, bad bodies with clear errors and no crash', async () => {
    const cases: [string, Parameters<MockClient['call']>[1]][] = [
      ['/nothing/here', {}],
      [`${client.mock.origin}/helper/ping`, {}],
      ['/contacts/import', { method: 'GET' }],
      ['/helper/ping', { method: 'PUT' }],
      ['/groups/search', { method: 'POST', rawBody: '{"rpp": 5' }],
      ['/groups/search', { method: 'POST', rawBody: '[1,2]' }],
      ['/groups/search', { method: 'POST', rawBody: 'null' }],
      ['/groups/search', { method: 'POST', rawBody: 'rpp=5', contentType: 'application/x-www-form-urlencoded' }],
    ];
    for (const [path, options] of cases) {
      const answer = await client.call(path, options);
      assert.equal(answer.status, 200, path);
      assertError(answer.body);
    }
    assert.equal((await client.get('/helper/ping')).body.success, 1, 'still serving');
  });

  it('refuses a body over the limit, writing nothing', async () => {
    const small = await MockClient.start({ bodyLimitBytes: 2000 });
    try {
      const contacts = Array.from({ length: 100 }, (_, index) => ({ email: `big${index}@example.com` }));
      const answer = await small.importContacts({ contacts });
      assert.equal(answer.body.code, 504);
      const again = await small.importContacts({ contacts: [contacts[0]] });
      assert.equal(again.body.data.contactResults[0].inserted, 1);
    } finally {
      await small.close();
    }
  });

  it('serves POST bodies without Content-Type and lets the query string win', async () => {
    const answer = await client.call('/groups/search?rpp=3', { method: 'POST', rawBody: '{"rpp": 5}', contentType: '' });
    assert.equal(answer.body.success, 1);
    assert.equal(answer.body.data.records.length, 3);
  });
});
