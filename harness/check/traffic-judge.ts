import { ruleById } from '../contract';
import type { Check } from './check';
import { type Target, type Judge, ruleJudge } from '../core';
import type { ReadTraffic, RecordedTraffic } from '../exchanges';

/**
 * Judges a check's rule on recorded traffic instead of requests of its own: the check's judge, as live.
 * A recorded exchange of the rule's operations the harness could not read is the rule's harness error.
 * The rule's requests are the recorded exchanges of its operations.
 */
export async function judgeTraffic(check: Check, judge: Judge, target: Target, recorded: ReadTraffic): Promise<void> {
  const { rule } = check;
  const operations: readonly string[] = ruleById(rule).operations;
  for (const exchange of recorded.traffic.exchanges) if (operations.includes(exchange.op)) judge.countRequest();
  for (const verdict of recorded.readErrors) if (verdict.rule === rule) judge.record(verdict);
  await check.judge({ target, judge: ruleJudge(judge, rule), traffic: recorded.traffic });
}

/** Judges a check's rule live, after its driver: the check's judge over every exchange the worker has had. */
export async function judgeLive(check: Check, judge: Judge, target: Target, traffic: RecordedTraffic): Promise<void> {
  await check.judge({ target, judge: ruleJudge(judge, check.rule), traffic });
}
