import type { Verdict } from '../types';
import type { Check } from './check';
import { type Target, Judge, ruleJudge } from '../core';
import { recordedTraffic, type RecordedExchange, type RecordedTraffic } from '../exchanges';

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
  await check.judge({ target, judge: ruleJudge(scratch, check.rule), traffic });
  return scratch.verdicts().find((verdict) => verdict.rule === check.rule);
}
