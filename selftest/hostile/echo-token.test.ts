import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createApiClient } from '../../harness/exchanges/client';
import { resolveTarget } from '../../harness/core/config';
import { SECRET_TOKEN } from './run-harness';

/** The token spelled with JSON escapes only: no literal occurrence in the raw body. */
const escaped = (token: string) => [...token].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('hostile targets: a target that echoes the token', () => {
  let server: Server;
  let baseUrl: string;
  let answer = '';
  before(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cases = {
    'as is': `"your token is ${SECRET_TOKEN}"`,
    'behind \\u escapes': `"your token is ${escaped(SECRET_TOKEN)}"`,
    'as a key': `{"${SECRET_TOKEN}": 1}`,
  };
  for (const [how, message] of Object.entries(cases)) {
    test(`the token ${how} never reaches the response, its validation or its evidence`, async () => {
      answer = `{"success":1,"code":0,"errors":[],"data":{"message":${message}},"requestID":"B7C2A4E0-0000-4000-8000-000000000001"}`;
      const api = createApiClient(resolveTarget({ EMS_BASE_URL: baseUrl, EMS_TOKEN: SECRET_TOKEN, EMS_MAX_RPS: '1000' }));
      const response = await api.call('helper.ping');
      const seen = JSON.stringify(response);
      assert.equal(seen.includes(SECRET_TOKEN), false, seen);
      assert.match(seen, /\$EMS_TOKEN/);
    });
  }

  test('a body without the token is read as is', async () => {
    answer = '{"success":1,"code":0,"errors":[],"data":{"message":"pong"},"requestID":"B7C2A4E0-0000-4000-8000-000000000001"}';
    const api = createApiClient(resolveTarget({ EMS_BASE_URL: baseUrl, EMS_TOKEN: SECRET_TOKEN, EMS_MAX_RPS: '1000' }));
    const response = await api.call('helper.ping');
    assert.deepEqual(response.payload, { message: 'pong' });
    assert.equal(response.outcome, 'success');
  });
});
