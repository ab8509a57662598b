import type { Verdict } from '../types';
import type { Check } from './check';
import { ruleById } from '../contract';
import { type Judgement, type Target, Judge } from '../core';
import { recordedTraffic, type ReadTraffic, type RecordedExchange, type RecordedTraffic } from '../exchanges';

/**
 * What a rule's judge says of these exchanges alone, without recording it anywhere: a pure call of
 * the one judge. A driver that explores uses it as its property's oracle (the draw fails where the
 * rule's judge fails it, so fast-check shrinks on the judge's own reading), never as the verdict.
 */
export async function judgeExchanges(
  check: Pick<Check, 'rule' | 'judge'>,
  target: Target,
  exchanges: RecordedTraffic | readonly RecordedExchange[],
): Promise<Verdict | undefined> {
  if (!check.judge) throw new Error(`${check.rule} has no judge`);
  const scratch = new Judge([check.rule], target);
  const traffic = 'of' in exchanges ? exchanges : recordedTraffic(exchanges);
  recordJudgement(scratch, check.rule, await check.judge({ rule: check.rule, target, traffic }));
  return scratch.verdicts().find((verdict) => verdict.rule === check.rule);
}

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
  recordJudgement(judge, rule, await check.judge({ rule, target, traffic: recorded.traffic }));
}

/** Judges a check's rule live, after its driver: the check's judge over every exchange the worker has had. */
export async function judgeLive(check: Check, judge: Judge, target: Target, traffic: RecordedTraffic): Promise<void> {
  recordJudgement(judge, check.rule, await check.judge({ rule: check.rule, target, traffic }));
}

/** A judge's verdicts, recorded for its rule. */
function recordJudgement(judge: Judge, rule: string, judgement: Judgement): void {
  for (const verdict of judgement) judge.record({ ...verdict, rule });
}
