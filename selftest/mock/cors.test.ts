/**
 * The mock answers CORS, so a page on any origin can call it (the README's recordHar recipe): a preflight
 * gets 204 with the methods, the headers (Authorization and Content-Type among them) and a max age; every
 * answer names the caller's origin and the headers a page may read. `cors: false` (`--no-cors`) sends none.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MockClient } from './client';

const ORIGIN = 'http://app.example.test:3000';

const preflight = (client: MockClient, path: string) =>
  fetch(`${client.mock.baseUrl}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  });

describe('CORS, on by default', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start()));
  after(() => client.close());

  it('answers a preflight with 204, the origin, the methods, Authorization and Content-Type, and a max age', async () => {
    for (const path of ['/helper/ping', '/contacts/import', '/exports/getFile']) {
      const answer = await preflight(client, path);
      assert.equal(answer.status, 204, path);
      assert.equal(answer.headers.get('access-control-allow-origin'), ORIGIN);
      assert.deepEqual(answer.headers.get('access-control-allow-methods')?.split(/,\s*/).sort(), ['GET', 'OPTIONS', 'POST']);
      const allowed = answer.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/) ?? [];
      for (const header of ['authorization', 'content-type']) assert.ok(allowed.includes(header), `${header} in ${allowed}`);
      assert.ok(Number(answer.headers.get('access-control-max-age')) > 0);
      assert.equal((await answer.arrayBuffer()).byteLength, 0);
    }
  });

  it('every answer (success, refusal, file, 404 path) names the origin and exposes the useful headers', async () => {
    const headers = { Origin: ORIGIN, Authorization: `Bearer ${client.mock.tokens.full}` };
    for (const url of [`${client.mock.baseUrl}/helper/ping`, `${client.mock.baseUrl}/groups/search?rpp=0`, `${client.mock.baseUrl}/no/such`]) {
      const answer = await fetch(url, { headers });
      assert.equal(answer.headers.get('access-control-allow-origin'), ORIGIN, url);
      assert.match(answer.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
      assert.match(answer.headers.get('vary') ?? '', /Origin/);
    }
    const noOrigin = await client.get('/helper/ping');
    assert.equal(noOrigin.headers.get('access-control-allow-origin'), '*');
  });

  it('an OPTIONS that is no preflight is an ordinary request: the method is refused', async () => {
    const answer = await client.call('/helper/ping', { method: 'OPTIONS' });
    assert.equal(answer.body.code, 505);
  });
});

describe('CORS off (cors: false, --no-cors)', () => {
  it('sends no Access-Control header and refuses the preflight as a method', async () => {
    const client = await MockClient.start({ cors: false });
    try {
      const answer = await preflight(client, '/helper/ping');
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.equal(((await answer.json()) as { code: number }).code, 505);
      const plain = await client.call('/helper/ping', { method: 'GET' });
      assert.equal(plain.headers.get('access-control-allow-origin'), null);
      assert.equal(plain.body.success, 1);
    } finally {
      await client.close();
    }
  });
});
