import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordedTraffic, type RecordedExchange } from '../../harness/exchanges';
import { outageInWords, outageOf } from '../../harness/report/outage';
import type { RuleResult } from '../../harness/types';

/** A recorded exchange with only what the outage reads. */
const exchange = (index: number, op: string, startedAt: number, extra: Partial<RecordedExchange> = {}): RecordedExchange =>
  ({ index, op, startedAt, outcome: 'success', method: 'GET', url: 'http://t/v1/x', params: {}, errors: [], validation: { issues: [], tolerated: [] }, curl: '', durationMs: 1, token: { header: true, query: false, body: false }, ...extra }) as unknown as RecordedExchange;

test('the outage: attempts without an answer (resent ones included), when, of which operations and why; answers of the target are no outage', () => {
  const t0 = Date.parse('2026-12-07T12:00:00Z');
  const traffic = recordedTraffic([
    exchange(0, 'groups.search', t0),
    // A read reset twice, then answered.
    exchange(1, 'groups.search', t0 + 3000, { resent: [{ reason: 'reset', detail: '(ECONNRESET)', startedAt: t0 + 1000 }, { reason: 'unreachable', detail: '(ECONNREFUSED)', startedAt: t0 + 2000 }] }),
    // A write that lost its answer to a gateway: unknown outcome, not resent.
    exchange(2, 'contacts.import', t0 + 4000, { outcome: 'transport', transport: { reason: 'gateway', detail: '(HTTP 502)' }, outcomeUnknown: true }),
    // Answers the target gave, unreadable: judged, no outage.
    exchange(3, 'helper.ping', t0 + 5000, { outcome: 'transport', transport: { reason: 'not-json', detail: '(HTTP 200)' } }),
    exchange(4, 'helper.ping', t0 + 6000, { outcome: 'transport', transport: { reason: 'server-error', detail: '(HTTP 500)' } }),
    // The retired token endpoint answering nothing is its documented state, no outage.
    exchange(5, 'login.applicationAccessToken', t0 + 7000, { outcome: 'transport', transport: { reason: 'unreachable', detail: '(ECONNREFUSED)' } }),
  ]);
  const rules = [
    { id: 'a', verdict: 'inconclusive', transportFailure: 'gateway' },
    { id: 'b', verdict: 'inconclusive' },
    { id: 'c', verdict: 'fail', transportFailure: 'not-json' },
  ] as Pick<RuleResult, 'id' | 'verdict' | 'transportFailure'>[];
  const outage = outageOf(traffic, rules);
  assert.deepEqual(outage, {
    first: '2026-12-07T12:00:01.000Z',
    last: '2026-12-07T12:00:04.000Z',
    attempts: 3,
    unanswered: 1,
    resent: 2,
    recovered: 1,
    writesUnknown: 1,
    operations: { 'groups.search': 2, 'contacts.import': 1 },
    reasons: { reset: 1, unreachable: 1, gateway: 1 },
    rules: ['a'],
  });
  const words = outageInWords(outage!).join('\n');
  assert.match(words, /^outage \(no answer of the target's; decides no rule\): 3 attempt\(s\) from 2026-12-07T12:00:01.000Z to 2026-12-07T12:00:04.000Z/);
  assert.match(words, /2 resend\(s\) \(1 request\(s\) then answered\), 1 request\(s\) left without an answer, 1 write\(s\) of unknown outcome/);
  assert.equal(outageOf(recordedTraffic([exchange(0, 'helper.ping', t0), traffic.exchanges[3]!]), rules), undefined, 'no outage where every request got an answer of the target\'s');
});
