import './support/nock-on-node20';
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import nock from 'nock';
import { createApiClient } from '../../harness/exchanges/client';
import { createRateLimiter } from '../../harness/core/rate-limit';
import { serviceError } from './support/bodies';
import { testTarget } from './support/target';

after(() => nock.restore());

test('the token bucket lets N+1 requests through in N intervals, in arrival order', async () => {
  const limiter = createRateLimiter(20);
  const started = Date.now();
  const order: number[] = [];
  await Promise.all(Array.from({ length: 6 }, (_, i) => limiter.take().then(() => order.push(i))));
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 240 && elapsed < 600, `6 takes at 20/s took ${elapsed} ms`);
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
});

test('an unlimited bucket never waits', async () => {
  const limiter = createRateLimiter(Infinity);
  const started = Date.now();
  for (let i = 0; i < 1000; i++) await limiter.take();
  assert.ok(Date.now() - started < 200);
});

test('the client keeps to the target rate across concurrent calls', async () => {
  nock('http://ems.test').get('/v1/helper/ping').times(5).reply(200, serviceError(1, 'x'));
  const api = createApiClient(testTarget({ EMS_MAX_RPS: '10' }), { rateLimiter: createRateLimiter(10) });
  const started = Date.now();
  await Promise.all(Array.from({ length: 5 }, () => api.call('helper.ping')));
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 390, `5 calls at 10/s took ${elapsed} ms`);
});
