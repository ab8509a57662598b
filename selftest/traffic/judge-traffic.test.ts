import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checked, defineCheck, inconclusive, judgeTraffic, passed } from '../../harness/check';
import { Judge } from '../../harness/core';
import { NOT_OBSERVED, type ReadTraffic, trafficOf } from '../../harness/exchanges';
import { testTarget } from '../core/support/target';

const target = { ...testTarget(), trafficFile: '/dev/null' };
const pong = { success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'r' };
const traffic = trafficOf(target, [
  { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 200, responseBody: pong },
  { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 200, responseBody: { ...pong, data: {} } },
]);
const unreadable = { rule: 'schema.helper.ping', verdict: 'error' as const, reason: 'harness error: reading recorded exchange #9 (helper.ping): x', evidence: [], requests: 0 };
const recorded: ReadTraffic = { traffic, readErrors: [unreadable], sources: [] };

async function judged(check: ReturnType<typeof defineCheck>) {
  const judge = new Judge([check.rule], target);
  await judgeTraffic(check, judge, target, recorded);
  return judge.verdicts();
}

describe('judgeTraffic: a rule judged on recorded traffic', () => {
  test('a check without a judge is refused when it is declared', () => {
    assert.throws(() => defineCheck({ rule: 'helper.ping.accepts-token', title: 't' } as unknown as Parameters<typeof defineCheck>[0]), /has no judge/);
  });

  test("a judge that finds nothing is inconclusive, and the rule's requests are the recorded exchanges of its operations", async () => {
    const [verdict] = await judged(defineCheck({ rule: 'helper.ping.accepts-token', title: 't', judge: () => [inconclusive(`${NOT_OBSERVED}: nothing`)] }));
    assert.equal(verdict?.verdict, 'inconclusive');
    assert.equal(verdict?.requests, 2);
  });

  test("an unreadable recorded exchange of the rule's operations is the rule's harness error, whatever its judge says", async () => {
    const verdicts = await judged(defineCheck({ rule: 'schema.helper.ping', title: 't', judge: () => [passed()] }));
    assert.deepEqual(verdicts.map((v) => v.verdict), ['error']);
  });

  test('a traffic judge is handed its rule, the target and the traffic, and returns its verdicts', async () => {
    const check = defineCheck({
      rule: 'helper.ping.accepts-token',
      title: 't',
      judge: ({ rule, traffic: seen }) => [checked(rule === 'helper.ping.accepts-token' && seen.of('helper.ping').length === 2, { title: 'two pings' })],
    });
    assert.deepEqual((await judged(check)).map((v) => v.verdict), ['pass']);
  });
});
