/**
 * The mock's rate limit (`rateLimitPerSecond`, `--rate-limit N/s`): a token bucket; beyond it HTTP 429 with
 * Retry-After in whole seconds and an error envelope (code 429). The controls and CORS preflights are never limited.
 */
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { parseRateLimit, RequestRateLimit } from '../../mock/rate-limit';
import { MockClient } from './client';

test('parseRateLimit reads N/s, N/m, N/h and a bare N; anything else is refused', () => {
  assert.equal(parseRateLimit('5/s'), 5);
  assert.equal(parseRateLimit('5'), 5);
  assert.equal(parseRateLimit('0.5 / s'), 0.5);
  assert.equal(parseRateLimit('30/m'), 0.5);
  assert.equal(parseRateLimit('1/h'), 1 / 3600);
  assert.equal(parseRateLimit('0/s'), 0);
  for (const bad of ['', 'fast', '5/d', '-1/s', '5/s/s']) assert.throws(() => parseRateLimit(bad), /rate-limit must be N\/s/, bad);
});

test('the bucket: a burst of N, then one every 1/N s, Retry-After in whole seconds until a token is back', () => {
  let now = 0;
  const limit = new RequestRateLimit(2, () => now);
  assert.deepEqual([limit.take(), limit.take(), limit.take()], [undefined, undefined, 1]);
  now = 500;
  assert.equal(limit.take(), undefined);
  assert.equal(limit.take(), 1);
  const hourly = new RequestRateLimit(1 / 3600, () => now);
  assert.equal(hourly.take(), undefined);
  assert.equal(hourly.take(), 3600);
  assert.equal(new RequestRateLimit(0).take(), 1);
  assert.equal(new RequestRateLimit(Infinity).take(), undefined);
});

describe('a mock with a rate limit', () => {
  it('answers HTTP 429 with Retry-After and an error envelope beyond it; the controls and preflights pass', async () => {
    const client = await MockClient.start({ rateLimitPerSecond: 1 / 3600 });
    try {
      assert.equal((await client.get('/helper/ping')).body.success, 1);
      const limited = await client.get('/helper/ping');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '3600');
      assert.equal(limited.body.success, 0);
      assert.equal(limited.body.code, 429);
      assert.match(limited.body.errors[0], /Too many requests/);
      assert.equal((await client.admin('GET', 'fixtures')).status, 200);
      const preflight = await fetch(`${client.mock.baseUrl}/helper/ping`, { method: 'OPTIONS', headers: { Origin: 'http://x.test', 'Access-Control-Request-Method': 'GET' } });
      assert.equal(preflight.status, 204);
    } finally {
      await client.close();
    }
  });
});
