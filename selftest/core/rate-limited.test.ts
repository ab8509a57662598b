/**
 * A target's rate limit is never judged as its answer to a rule: HTTP 429 (Retry-After in seconds, as an
 * HTTP date, or absent) and the profile's own signal are waited out and retried, the pace slows down, the
 * limits are counted, and a limit that never clears ends as a transport failure that leaves the rule
 * inconclusive (never failed).
 */
import './support/nock-on-node20';
import assert from 'node:assert/strict';
import { after, afterEach, test } from 'node:test';
import nock from 'nock';
import type { ApiResponse } from '../../harness/core/api-response';
import { createApiClient, type RequestRecorder } from '../../harness/exchanges/client';
import { responseVerdicts } from './support/answer-verdicts';
import { Judge } from '../../harness/core/judge';
import { createRateLimiter } from '../../harness/core/rate-limit';
import { backoffMs, MAX_RATE_LIMITED_ATTEMPTS, rateLimitDecision, rateLimitSignal, retryAfterMs } from '../../harness/core/rate-limit-signal';
import { settleDeclaredRules } from '../../harness/runner/settle';
import { TransportError } from '../../harness/core/transport-error';
import { loadProfile } from '../../harness/contract';
import { serviceError, serviceSuccess } from './support/bodies';
import { testTarget } from './support/target';

after(() => nock.restore());
afterEach(() => nock.cleanAll());

const service = loadProfile('service');
const PONG = serviceSuccess({ message: 'pong' });

/** A recorder that counts what the client tells it. */
function counting(): RequestRecorder & { limited: number; verdicts: number; failures: TransportError[] } {
  const recorder = {
    limited: 0,
    verdicts: 0,
    failures: [] as TransportError[],
    request: () => undefined,
    // The schema/envelope verdicts each logged exchange earns (as those rules' judges read it).
    exchange: (response: ApiResponse) => void (recorder.verdicts += responseVerdicts(response, testTarget().profile).length),
    transportFailure: (error: TransportError) => void recorder.failures.push(error),
    rateLimited: () => void (recorder.limited += 1),
  };
  return recorder;
}

test('Retry-After: delay-seconds, an HTTP date against the answer\'s own Date, or unreadable', () => {
  assert.equal(retryAfterMs('3', 0), 3000);
  assert.equal(retryAfterMs(' 0 ', 0), 0);
  const answerDate = Date.parse('Tue, 24 Nov 2026 10:00:00 GMT');
  assert.equal(retryAfterMs('Tue, 24 Nov 2026 10:00:05 GMT', answerDate), 5000);
  assert.equal(retryAfterMs('Tue, 24 Nov 2026 09:59:00 GMT', answerDate), 0, 'a date already past: retry now');
  assert.equal(retryAfterMs('soon', answerDate), undefined);
});

test('what reads as a rate limit: HTTP 429 always; the profile\'s statuses and error codes; nothing else', () => {
  const now = Date.parse('Tue, 24 Nov 2026 10:00:00 GMT');
  assert.deepEqual(rateLimitSignal({ status: 429, outcome: 'transport' }, { retryAfter: '2' }, service, now), { waitMs: 2000, seen: 'HTTP 429, Retry-After 2' });
  assert.deepEqual(rateLimitSignal({ status: 429, outcome: 'error' }, {}, service, now), { seen: 'HTTP 429' });
  assert.equal(rateLimitSignal({ status: 200, outcome: 'error', code: 1429 }, {}, service, now), undefined);
  assert.equal(rateLimitSignal({ status: 503, outcome: 'transport' }, {}, service, now), undefined);
  const declared = { ...service, rateLimit: { httpStatus: [503], errorCode: [1429, 'slow-down'] } };
  assert.ok(rateLimitSignal({ status: 503, outcome: 'transport' }, {}, declared, now));
  assert.deepEqual(rateLimitSignal({ status: 200, outcome: 'error', code: 1429 }, { retryAfter: 'Tue, 24 Nov 2026 10:00:03 GMT', date: 'Tue, 24 Nov 2026 10:00:00 GMT' }, declared, 0), {
    waitMs: 3000,
    seen: 'HTTP 200, code 1429, Retry-After Tue, 24 Nov 2026 10:00:03 GMT',
  });
  assert.ok(rateLimitSignal({ status: 400, outcome: 'error', code: 'slow-down' }, {}, declared, now));
  assert.equal(rateLimitSignal({ status: 200, outcome: 'success', code: 1429 }, {}, declared, now), undefined, 'a success is never a limit');
});

test('a limited request is retried until the limit refuses it MAX times or the wait would pass the deadline', () => {
  const signal = { seen: 'HTTP 429' };
  assert.deepEqual(rateLimitDecision(signal, 1, 0, 60_000), { retryAfterMs: backoffMs(1) });
  assert.deepEqual(rateLimitDecision({ ...signal, waitMs: 7000 }, 2, 0, 60_000), { retryAfterMs: 7000 });
  assert.match((rateLimitDecision(signal, MAX_RATE_LIMITED_ATTEMPTS, 0, 60_000) as { giveUp: string }).giveUp, /refused 5 times/);
  assert.match((rateLimitDecision({ ...signal, waitMs: 120_000 }, 1, 0, 60_000) as { giveUp: string }).giveUp, /would outlast the run/);
  assert.deepEqual([1, 2, 3, 10].map(backoffMs), [1000, 2000, 4000, 30_000]);
});

test('429 with Retry-After (seconds, then an HTTP date) is waited out and retried; only the real answer is read and judged', async () => {
  const answered = 'Tue, 24 Nov 2026 10:00:00 GMT';
  nock('http://ems.test')
    .get('/v1/helper/ping')
    .reply(429, 'Too Many Requests', { 'Retry-After': '1' })
    .get('/v1/helper/ping')
    .reply(429, serviceError(429, 'slow down'), { 'Retry-After': 'Tue, 24 Nov 2026 10:00:01 GMT', Date: answered })
    .get('/v1/helper/ping')
    .reply(200, PONG);
  const recorder = counting();
  const api = createApiClient(testTarget(), { recorder, rateLimiter: createRateLimiter(Infinity) });
  const started = Date.now();
  const response = await api.call('helper.ping');
  const waited = Date.now() - started;
  assert.equal(response.outcome, 'success');
  assert.equal(recorder.limited, 2);
  assert.ok(waited >= 1900 && waited < 6000, `waited ${waited} ms for Retry-After 1 s twice`);
  assert.ok(recorder.verdicts > 0, 'the real answer is logged, and earns its schema/envelope verdicts');
  assert.deepEqual(recorder.failures, []);
  assert.ok(nock.isDone());
});

test('the profile\'s signal (an error code in a 200 answer) counts as a limit too', async () => {
  nock('http://ems.test').get('/v1/helper/ping').reply(200, serviceError(1429, 'rate limit'), { 'Retry-After': '0' }).get('/v1/helper/ping').reply(200, PONG);
  const recorder = counting();
  const target = testTarget();
  const api = createApiClient({ ...target, profile: { ...target.profile, rateLimit: { errorCode: [1429] } } }, { recorder, rateLimiter: createRateLimiter(Infinity) });
  assert.equal((await api.call('helper.ping')).outcome, 'success');
  assert.equal(recorder.limited, 1);
});

test('a limit that never clears: a rate-limited transport failure, thrown even with allowTransportFailure, and the rule is inconclusive', async () => {
  nock('http://ems.test').get('/v1/helper/ping').times(MAX_RATE_LIMITED_ATTEMPTS * 3).reply(429, '', { 'Retry-After': '0' });
  const recorder = counting();
  const api = createApiClient(testTarget(), { recorder, rateLimiter: createRateLimiter(Infinity) });
  const error = await api.call('helper.ping', { allowTransportFailure: true }).then(
    () => assert.fail('a rate limit is no answer a check may judge'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof TransportError);
  assert.equal(error.reason, 'rate-limited');
  assert.match(error.message, /^transport: rate-limited \(rate limit: refused 5 times, last HTTP 429, Retry-After 0\) on GET \/helper\/ping$/);
  assert.equal(recorder.limited, MAX_RATE_LIMITED_ATTEMPTS);
  assert.equal(recorder.verdicts, 0, 'a 429 earns no schema or envelope verdict');

  const preflight = await api.call('helper.ping', { allowTransportFailure: true, allowRateLimited: true });
  assert.equal(preflight.transport?.reason, 'rate-limited');

  const target = testTarget();
  const judge = new Judge(['helper.ping.accepts-token'], target);
  settleDeclaredRules(judge, { status: 'failed', error: { message: `Error: ${error.message}` }, transportError: error, timeoutMs: 1000 });
  const [verdict] = judge.verdicts();
  assert.equal(verdict?.verdict, 'inconclusive');
  assert.match(verdict?.reason ?? '', /^transport: rate-limited/);
});

/** The waits `count` takes ask for (read from setTimeout, not slept). */
async function waitsOf(limiter: ReturnType<typeof createRateLimiter>, count: number): Promise<number[]> {
  const waits: number[] = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((resolve: () => void, ms: number) => (waits.push(ms), realSetTimeout(resolve, 0))) as typeof setTimeout;
  try {
    for (let i = 0; i < count; i++) await limiter.take();
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  return waits;
}

test('after a limit the pace slows down for the rest of the run: held for the wait, then at most half the rate seen', async () => {
  const limiter = createRateLimiter(Infinity, () => 0);
  for (let i = 0; i < 8; i++) await limiter.take();
  limiter.limited(1000);
  assert.deepEqual(await waitsOf(limiter, 3), [1000, 1250, 1500], 'held 1 s, then 4 a second (half of the 8 seen)');
});

test('a capped pace halves on a limit, never below 0.5 a second', async () => {
  const limiter = createRateLimiter(1, () => 0);
  for (let i = 0; i < 3; i++) limiter.limited(0);
  assert.deepEqual((await waitsOf(limiter, 3)).filter((ms) => ms > 0), [2000, 4000]);
});
